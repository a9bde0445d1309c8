import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { DatasetError } from './dataset-error.js';

/** One validated record with the 1-based line (JSONL) or record number (JSON array) it came from. */
export interface SourcedRecord<T> {
  readonly line: number;
  readonly value: T;
}

/**
 * Reads a JSONL file (one JSON value per line; blank lines skipped) and validates every record
 * with `schema`. Errors name the file, the line and the first offending field.
 *
 * @throws DatasetError
 */
export async function readJsonl<T>(
  file: string,
  schema: z.ZodType<T>,
): Promise<SourcedRecord<T>[]> {
  const text = await readText(file);
  const records: SourcedRecord<T>[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    checkShape(line, file, index + 1);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new DatasetError({
        file,
        line: index + 1,
        message: `not valid JSON (${(error as Error).message})`,
      });
    }
    records.push({ line: index + 1, value: validate(schema, value, file, index + 1) });
  }
  return records;
}

/**
 * Reads a JSON file holding an array of records and validates each; the "line" of an error is
 * the 1-based record number.
 *
 * @throws DatasetError
 */
export async function readJsonArray<T>(
  file: string,
  schema: z.ZodType<T>,
): Promise<SourcedRecord<T>[]> {
  const text = await readText(file);
  checkShape(text, file, undefined);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DatasetError({ file, message: `not valid JSON (${(error as Error).message})` });
  }
  if (!Array.isArray(value))
    throw new DatasetError({ file, message: 'expected a JSON array of records' });
  return value.map((item, index) => ({
    line: index + 1,
    value: validate(schema, item, file, index + 1),
  }));
}

/** How deep arrays and objects may nest in a dataset record. */
export const maxRecordDepth = 100;
/** The longest text field a dataset record may hold, in characters (8 MiB). */
export const maxFieldLength = 8 * 1024 * 1024;

/**
 * Validates one record, turning the first zod issue into a DatasetError. A text field longer
 * than `maxFieldLength` is refused first, naming it.
 */
export function validate<T>(schema: z.ZodType<T>, value: unknown, file: string, line: number): T {
  const long = longField(value, '');
  if (long !== undefined) {
    throw new DatasetError({
      file,
      line,
      ...(long.path === '' ? {} : { field: long.path }),
      message: `a text of ${long.length.toLocaleString('en-US')} characters, more than the ${maxFieldLength.toLocaleString('en-US')} a field may hold`,
    });
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  throw new DatasetError({ file, line, field, message: issue?.message ?? 'invalid record' });
}

// Nesting is counted before parsing (outside strings), so a record nested thousands deep is
// refused by name instead of exhausting the stack of whatever walks it later.
function checkShape(text: string, file: string, line: number | undefined): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > maxRecordDepth) {
        throw new DatasetError({
          file,
          ...(line === undefined ? {} : { line }),
          message: `nested more than ${maxRecordDepth} levels deep (arrays and objects within each other)`,
        });
      }
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
}

function longField(value: unknown, path: string): { path: string; length: number } | undefined {
  if (typeof value === 'string')
    return value.length > maxFieldLength ? { path, length: value.length } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = longField(item, path === '' ? key : `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

// Bytes that are not UTF-8 are refused, naming the line: replacing them silently would change
// the data (and its ids and answers) without anyone knowing.
function decodeUtf8(bytes: Buffer, file: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    let line = 1;
    let start = 0;
    for (let index = 0; index <= bytes.length; index++) {
      if (index < bytes.length && bytes[index] !== 0x0a) continue;
      try {
        strictUtf8.decode(bytes.subarray(start, index));
      } catch {
        break;
      }
      line++;
      start = index + 1;
    }
    throw new DatasetError({
      file,
      line,
      message: 'not valid UTF-8 (save the file as UTF-8)',
    });
  }
}

async function readText(file: string): Promise<string> {
  try {
    return decodeUtf8(await readFile(file), file);
  } catch (error) {
    if (DatasetError.isInstance(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new DatasetError({
      file,
      message:
        code === 'ENOENT' ? 'file not found' : `cannot read (${code ?? (error as Error).message})`,
      cause: error,
    });
  }
}
