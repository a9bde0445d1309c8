import { join } from 'node:path';
import {
  type DataFileReport,
  type DataReport,
  DatasetError,
  downloadFile,
  type PullDataOptions,
} from '@forge/program';
import { loadHoverRecords } from './load-hover-records.js';

/** The official release files, their source and their record counts. */
export const hoverFiles = [
  { name: 'hover_train_release_v1.1.json', records: 18_171 },
  { name: 'hover_dev_release_v1.1.json', records: 4_000 },
] as const;

/** Where the HoVer authors publish the release (data CC BY-SA 4.0). */
export const hoverBaseUrl = 'https://raw.githubusercontent.com/hover-nlp/hover/main/data/hover';

/** Downloads the training and development releases into `dataDir` and checks them. */
export async function pullData(options: PullDataOptions): Promise<DataReport> {
  for (const file of hoverFiles) {
    options.onProgress?.(`downloading ${file.name}`);
    await downloadFile({
      url: `${hoverBaseUrl}/${file.name}`,
      destination: join(options.dataDir, file.name),
      mirror: options.mirror,
      fetch: options.fetch,
      abortSignal: options.abortSignal,
    });
  }
  return checkData({ dataDir: options.dataDir });
}

/** Validates every record of both release files and compares the counts. */
export async function checkData(options: { readonly dataDir: string }): Promise<DataReport> {
  const files: DataFileReport[] = [];
  for (const file of hoverFiles) {
    try {
      const records = (await loadHoverRecords(join(options.dataDir, file.name))).length;
      const ok = records === file.records;
      files.push({
        path: file.name,
        records,
        expected: file.records,
        ok,
        ...(ok ? {} : { message: `expected ${file.records} records, found ${records}` }),
      });
    } catch (error) {
      if (!DatasetError.isInstance(error)) throw error;
      const missing = error.message.endsWith('file not found');
      files.push({
        path: file.name,
        records: 0,
        expected: file.records,
        ok: false,
        message: missing ? 'file not found (run `forge data pull hover`)' : error.message,
      });
    }
  }
  return {
    benchmark: 'hover',
    dataDir: options.dataDir,
    files,
    ok: files.every((file) => file.ok),
  };
}
