import { readJsonArray, readJsonl } from '@forge/program';
import { z } from 'zod';
import { type HoverRecord, toHoverRecord } from './hover-record.js';

/**
 * Reads HoVer claims in file order from an official release file (a JSON array, a few MB) or a
 * JSONL export of the hub dataset.
 *
 * @throws DatasetError naming the file, the record (JSON) or line (JSONL) and the field.
 */
export async function loadHoverRecords(file: string): Promise<HoverRecord[]> {
  const rows = file.endsWith('.jsonl')
    ? await readJsonl(file, z.unknown())
    : await readJsonArray(file, z.unknown());
  return rows.map(({ line, value }) => toHoverRecord(value, file, line));
}
