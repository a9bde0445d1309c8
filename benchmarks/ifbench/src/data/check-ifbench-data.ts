import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataFileReport, DataReport } from '@forge/program';
import { gitBlobSha1 } from './git-blob-sha1.js';
import { IFBENCH_FILES, type IfbenchDataFile } from './ifbench-files.js';
import { readIfbenchFile } from './read-ifbench-file.js';

/** Checks one file: present, identical to the pinned version, parses, and has the official count. */
export async function checkIfbenchFile(
  dataDir: string,
  file: IfbenchDataFile,
): Promise<DataFileReport> {
  const path = join(dataDir, file.path);
  const base = { path: file.path, expected: file.records };
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return { ...base, records: 0, ok: false, message: `missing; run \`forge data pull ifbench\`` };
  }
  let records: number;
  try {
    records = (await readIfbenchFile(path)).length;
  } catch (error) {
    return { ...base, records: 0, ok: false, message: (error as Error).message };
  }
  if (records !== file.records) {
    return {
      ...base,
      records,
      ok: false,
      message: `has ${records} records, expected ${file.records}`,
    };
  }
  if (file.gitBlobSha1 !== undefined && gitBlobSha1(bytes) !== file.gitBlobSha1) {
    return {
      ...base,
      records,
      ok: false,
      message: `content differs from the pinned file (git blob ${file.gitBlobSha1})`,
    };
  }
  return { ...base, records, ok: true };
}

/** Validates the data directory against the given files (the official two by default). */
export async function checkIfbenchData(
  options: { readonly dataDir: string },
  files: readonly IfbenchDataFile[] = IFBENCH_FILES,
): Promise<DataReport> {
  const reports: DataFileReport[] = [];
  for (const file of files) reports.push(await checkIfbenchFile(options.dataDir, file));
  return {
    benchmark: 'ifbench',
    dataDir: options.dataDir,
    files: reports,
    ok: reports.every((report) => report.ok),
  };
}
