import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataFileReport, DataReport } from '@forge/program';
import { gitBlobSha1 } from './git-blob-sha1.js';
import { IFBENCH_FILES, type IfbenchDataFile } from './ifbench-files.js';
import { assertConstraintsBuild, readIfbenchFile } from './read-ifbench-file.js';

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
  let rows: Awaited<ReturnType<typeof readIfbenchFile>>;
  try {
    rows = await readIfbenchFile(path, { checkConstraints: false });
  } catch (error) {
    return { ...base, records: 0, ok: false, message: (error as Error).message };
  }
  const records = rows.length;
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
  // Rows whose kwargs the reference would randomise are reported but do not fail the file:
  // it is still the official one, and loadSplits only rejects such a row if it samples it.
  const unusable: string[] = [];
  for (const row of rows) {
    try {
      assertConstraintsBuild(path, row);
    } catch (error) {
      unusable.push((error as Error).message);
    }
  }
  if (unusable.length > 0) {
    return {
      ...base,
      records,
      ok: true,
      message: `${unusable.length} rows have constraints this port cannot build; first: ${unusable[0]}`,
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
