import { join } from 'node:path';
import { type DataReport, DatasetError } from '@forge/program';
import { readWikiAbstracts } from './read-wiki-abstracts.js';

/**
 * Validates `wiki.abstracts.2017.jsonl` in `dataDir` (every line parses, every record has a
 * title and text) and counts its passages. There is no official count to compare with.
 */
export async function countWikiAbstracts(dataDir: string): Promise<DataReport> {
  const path = 'wiki.abstracts.2017.jsonl';
  let records = 0;
  let message: string | undefined;
  try {
    for await (const _passage of readWikiAbstracts(join(dataDir, path))) records++;
  } catch (error) {
    if (!DatasetError.isInstance(error)) throw error;
    message = error.message;
  }
  const ok = message === undefined && records > 0;
  const file = {
    path,
    records,
    ok,
    ...(ok ? {} : { message: message ?? 'the corpus holds no passages' }),
  };
  return { benchmark: 'wiki-abstracts-2017', dataDir, files: [file], ok };
}
