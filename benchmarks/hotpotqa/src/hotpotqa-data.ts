import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type DataFileReport,
  type DataReport,
  DatasetError,
  downloadFile,
  type PullDataOptions,
} from '@forge/program';
import { validateHotpotRecord } from './hotpotqa-record.js';
import { streamJsonArray } from './stream-json-array.js';

/** The official fullwiki (= distractor) training file the splits are drawn from. */
export const hotpotTrainFile = 'hotpot_train_v1.1.json';

/** Where the HotPotQA authors publish it (CC BY-SA 4.0). */
export const hotpotTrainUrl = `http://curtis.ml.cmu.edu/datasets/hotpot/${hotpotTrainFile}`;

/** Records in the official training file. */
export const hotpotTrainCount = 90_447;

/**
 * Downloads the official HotPotQA training file into `dataDir` (atomically) and checks it.
 * The 2017 Wikipedia abstracts for search_full_wiki are a separate, optional download
 * (`pullWikiAbstracts` in @forge/retrieval).
 */
export async function pullData(options: PullDataOptions): Promise<DataReport> {
  options.onProgress?.(`downloading ${hotpotTrainFile} (about 540 MB)`);
  await downloadFile({
    url: hotpotTrainUrl,
    destination: join(options.dataDir, hotpotTrainFile),
    mirror: options.mirror,
    fetch: options.fetch,
    abortSignal: options.abortSignal,
  });
  options.onProgress?.(`checking ${hotpotTrainFile}`);
  return checkData({ dataDir: options.dataDir });
}

/** Validates every record of the training file (streamed) and compares the count. */
export async function checkData(options: { readonly dataDir: string }): Promise<DataReport> {
  const file = await inspect(join(options.dataDir, hotpotTrainFile), hotpotTrainFile);
  return { benchmark: 'hotpotqa', dataDir: options.dataDir, files: [file], ok: file.ok };
}

async function inspect(path: string, name: string): Promise<DataFileReport> {
  try {
    await access(path);
  } catch {
    return {
      path: name,
      records: 0,
      expected: hotpotTrainCount,
      ok: false,
      message: 'file not found (run `forge data pull hotpotqa`)',
    };
  }
  let records = 0;
  try {
    records = await streamJsonArray(path, (value, record) => {
      validateHotpotRecord(value, path, record);
    });
  } catch (error) {
    if (!DatasetError.isInstance(error)) throw error;
    return { path: name, records, expected: hotpotTrainCount, ok: false, message: error.message };
  }
  const ok = records === hotpotTrainCount;
  return {
    path: name,
    records,
    expected: hotpotTrainCount,
    ok,
    ...(ok ? {} : { message: `expected ${hotpotTrainCount} records, found ${records}` }),
  };
}
