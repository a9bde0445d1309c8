import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { DatasetError } from '@forge/program';
import { type HotpotRecord, toHotpotRecord, validateHotpotRecord } from './hotpotqa-record.js';
import { streamJsonArray } from './stream-json-array.js';

/**
 * Reads HotPotQA records in file order from the official JSON array (`.json`, streamed: the
 * 540 MB training file never becomes one string) or from a JSONL export of the Hugging Face
 * dataset (`.jsonl`, one row per line, official or columnar shape). Only the kept fields of each
 * record stay in memory.
 *
 * @throws DatasetError naming the file, the record (JSON) or line (JSONL) and the field.
 */
export async function loadHotpotRecords(file: string): Promise<HotpotRecord[]> {
  const records: HotpotRecord[] = [];
  const keep = (value: unknown, line: number) => {
    records.push(toHotpotRecord(validateHotpotRecord(value, file, line)));
  };
  if (file.endsWith('.jsonl')) await readJsonLines(file, keep);
  else await streamJsonArray(file, keep);
  return records;
}

async function readJsonLines(
  file: string,
  visit: (value: unknown, line: number) => void,
): Promise<void> {
  try {
    await access(file);
  } catch (error) {
    throw new DatasetError({ file, message: 'file not found', cause: error });
  }
  let line = 0;
  for await (const text of createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    line++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new DatasetError({
        file,
        line,
        message: `not valid JSON (${(error as Error).message})`,
      });
    }
    visit(value, line);
  }
}
