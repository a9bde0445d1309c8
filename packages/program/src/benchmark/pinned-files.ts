import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataFileReport, DataReport, PullDataOptions } from './benchmark-package.js';
import { DatasetError } from './dataset-error.js';
import { downloadFile } from './download-file.js';

/** A data file distributed as a fixed file at a pinned commit. */
export interface PinnedDataFile {
  /** Name in the data directory. */
  readonly path: string;
  /** Where to download it: an immutable URL (a raw file at a commit). */
  readonly url: string;
  /** Official number of records. */
  readonly expected: number;
  /** SHA-256 of the pinned file, hex: a different file is reported. */
  readonly sha256: string;
  /** Validates the file at the given path and returns its record count (rejects with a `DatasetError`). */
  readonly validate: (file: string) => Promise<number>;
}

/**
 * Downloads each file (atomically: a failure rejects and leaves no partial file), then checks the
 * directory. Wrong counts are reported, not thrown.
 */
export async function pullPinnedFiles(
  benchmark: string,
  files: readonly PinnedDataFile[],
  options: PullDataOptions,
): Promise<DataReport> {
  for (const file of files) {
    options.onProgress?.(`${benchmark}: downloading ${file.path}`);
    await downloadFile({
      url: file.url,
      destination: join(options.dataDir, file.path),
      ...(options.mirror === undefined ? {} : { mirror: options.mirror }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    });
  }
  return checkPinnedFiles(benchmark, files, options.dataDir);
}

/**
 * Validates each file and compares its record count with the official one. A file whose bytes
 * differ from the pinned file is still usable when it validates and has the right count, but its
 * report says so: the splits are then not the paper's.
 */
export async function checkPinnedFiles(
  benchmark: string,
  files: readonly PinnedDataFile[],
  dataDir: string,
): Promise<DataReport> {
  const reports: DataFileReport[] = [];
  for (const file of files) reports.push(await checkPinnedFile(benchmark, file, dataDir));
  return { benchmark, dataDir, files: reports, ok: reports.every((report) => report.ok) };
}

async function checkPinnedFile(
  benchmark: string,
  file: PinnedDataFile,
  dataDir: string,
): Promise<DataFileReport> {
  const location = join(dataDir, file.path);
  const base = { path: file.path, expected: file.expected };
  let bytes: Buffer;
  try {
    bytes = await readFile(location);
  } catch {
    return {
      ...base,
      records: 0,
      ok: false,
      message: `${location}: file not found (run \`forge data pull ${benchmark}\`)`,
    };
  }
  let records: number;
  try {
    records = await file.validate(location);
  } catch (error) {
    if (!DatasetError.isInstance(error)) throw error;
    return { ...base, records: 0, ok: false, message: error.message };
  }
  const problems: string[] = [];
  if (records !== file.expected)
    problems.push(`expected ${file.expected} records, found ${records}`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== file.sha256) {
    problems.push(`content differs from the pinned file (sha256 ${sha256}, pinned ${file.sha256})`);
  }
  return {
    ...base,
    records,
    ok: records === file.expected,
    ...(problems.length === 0 ? {} : { message: problems.join('; ') }),
  };
}
