import { basename, join } from 'node:path';
import type { z } from 'zod';
import type { DataFileReport, DataReport, PullDataOptions } from '../benchmark-package.js';
import { DatasetError } from '../dataset-error.js';
import { downloadHubRows, type HubSplit } from './download-hub-rows.js';
import { readHubRecords } from './read-hub-records.js';

/** One file of a benchmark's data directory that comes from a hub split. */
export interface HubDataFile {
  /** File name without extension; pulled data is written to `<name>.jsonl`. */
  readonly name: string;
  /** The split it holds. */
  readonly source: HubSplit;
  /** Official number of rows. */
  readonly expected: number;
  /** Schema every row must satisfy. */
  readonly schema: z.ZodType<unknown>;
}

/**
 * Downloads each file's split into `dataDir` as JSONL, then checks the directory. A failed
 * download rejects (leaving no partial file); wrong counts are reported, not thrown.
 */
export async function pullHubData(
  benchmark: string,
  files: readonly HubDataFile[],
  options: PullDataOptions,
): Promise<DataReport> {
  for (const file of files) {
    options.onProgress?.(`${benchmark}: downloading ${file.source.dataset} (${file.source.split})`);
    await downloadHubRows({
      source: file.source,
      destination: join(options.dataDir, `${file.name}.jsonl`),
      ...(options.mirror === undefined ? {} : { mirror: options.mirror }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    });
  }
  return checkHubData(benchmark, files, options.dataDir);
}

/** Validates every file in `dataDir` and compares its row count with the official one. */
export async function checkHubData(
  benchmark: string,
  files: readonly HubDataFile[],
  dataDir: string,
): Promise<DataReport> {
  const reports: DataFileReport[] = [];
  for (const file of files) reports.push(await checkHubFile(benchmark, file, dataDir));
  return { benchmark, dataDir, files: reports, ok: reports.every((report) => report.ok) };
}

async function checkHubFile(
  benchmark: string,
  file: HubDataFile,
  dataDir: string,
): Promise<DataFileReport> {
  try {
    const read = await readHubRecords(
      dataDir,
      file.name,
      file.schema,
      `run \`forge data pull ${benchmark}\``,
    );
    const records = read.records.length;
    const ok = records === file.expected;
    return {
      path: basename(read.file),
      records,
      expected: file.expected,
      ok,
      ...(ok ? {} : { message: `expected ${file.expected} records, found ${records}` }),
    };
  } catch (error) {
    if (!DatasetError.isInstance(error)) throw error;
    return {
      path: `${file.name}.jsonl`,
      records: 0,
      expected: file.expected,
      ok: false,
      message: error.message,
    };
  }
}
