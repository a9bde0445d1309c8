import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { DatasetError } from '../dataset-error.js';
import { readJsonl, type SourcedRecord, validate } from '../read-records.js';

/** Records read from one file, with the file they came from. */
export interface HubRecords<T> {
  /** The file read. */
  readonly file: string;
  /** Validated records with their 1-based line (JSONL) or record number (JSON). */
  readonly records: readonly SourcedRecord<T>[];
}

/**
 * Reads one exported hub split from `directory`: `<name>.jsonl` (what `forge data pull` and
 * `datasets`' `to_json()` write), or else `<name>.json` holding either an array of rows or a
 * saved dataset-viewer page (`{"rows": [{"row_idx", "row"}, …]}`). Every record is validated;
 * errors name the file, the line and the field.
 *
 * @throws DatasetError
 */
export async function readHubRecords<T>(
  directory: string,
  name: string,
  schema: z.ZodType<T>,
  missingHint = 'run `forge data pull` first',
): Promise<HubRecords<T>> {
  const jsonl = join(directory, `${name}.jsonl`);
  if (await exists(jsonl)) return { file: jsonl, records: await readJsonl(jsonl, schema) };
  const json = join(directory, `${name}.json`);
  if (await exists(json)) return { file: json, records: await readJsonRows(json, schema) };
  throw new DatasetError({ file: jsonl, message: `file not found (${missingHint})` });
}

async function readJsonRows<T>(file: string, schema: z.ZodType<T>): Promise<SourcedRecord<T>[]> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new DatasetError({ file, message: `not valid JSON (${(error as Error).message})` });
  }
  const rows = rowsOf(value, file);
  return rows.map((row, index) => ({
    line: index + 1,
    value: validate(schema, row, file, index + 1),
  }));
}

function rowsOf(value: unknown, file: string): unknown[] {
  if (Array.isArray(value)) return value;
  const page = value as { rows?: unknown } | null;
  if (typeof page === 'object' && page !== null && Array.isArray(page.rows)) {
    return page.rows.map((entry, index) => {
      const row = (entry as { row?: unknown } | null)?.row;
      if (typeof row !== 'object' || row === null) {
        throw new DatasetError({
          file,
          line: index + 1,
          field: 'row',
          message: 'expected an object',
        });
      }
      return row;
    });
  }
  throw new DatasetError({
    file,
    message: 'expected a JSON array of records or a dataset-viewer page with "rows"',
  });
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
