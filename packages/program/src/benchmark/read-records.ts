import { readFile, stat } from 'node:fs/promises';
import type { z } from 'zod';
import { DatasetError } from './dataset-error.js';
import { JsonShapeScanner } from './json-shape-scanner.js';
import {
  maxFieldLength,
  maxLineBytes,
  maxRecordDepth,
  readFailure,
  readJsonlLines,
} from './read-jsonl-lines.js';

export { maxFieldLength, maxLineBytes, maxRecordDepth };

/** The largest JSON array file read (whole, as one document), in bytes (256 MiB). */
export const maxJsonArrayBytes = 256 * 1024 * 1024;

/** One validated record with the 1-based line (JSONL) or record number (JSON array) it came from. */
export interface SourcedRecord<T> {
  readonly line: number;
  readonly value: T;
}

/**
 * Reads a JSONL file (one JSON value per line; blank lines skipped) and validates every record
 * with `schema`. The file is streamed a line at a time (see `readJsonlLines` for the limits on a
 * line); errors name the file, the line and the first offending field.
 *
 * @throws DatasetError
 */
export async function readJsonl<T>(
  file: string,
  schema: z.ZodType<T>,
): Promise<SourcedRecord<T>[]> {
  const records: SourcedRecord<T>[] = [];
  for await (const { line, text } of readJsonlLines(file)) {
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
    records.push({ line, value: validate(schema, value, file, line) });
  }
  return records;
}

/**
 * Reads a JSON file holding an array of records and validates each; the "line" of an error is
 * the 1-based record number. The file is read whole, so it may be at most `maxJsonArrayBytes`
 * (JSONL has no such limit); nesting and field length are checked on its bytes before parsing.
 *
 * @throws DatasetError
 */
export async function readJsonArray<T>(
  file: string,
  schema: z.ZodType<T>,
): Promise<SourcedRecord<T>[]> {
  const bytes = await readBytes(file);
  checkShape(bytes, file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DatasetError({ file, line: lineOfInvalidUtf8(bytes), message: invalidUtf8 });
  }
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

// Nesting and long fields are found on the bytes before parsing, so a record nested thousands
// deep is refused by name instead of exhausting the stack of whatever walks it later. In an
// array the first path segment is the record's index: its number is the error's line.
function checkShape(bytes: Buffer, file: string): void {
  // The array itself is one level: its records may nest as deep as a JSONL line's.
  const scanner = new JsonShapeScanner({
    maxDepth: maxRecordDepth + 1,
    maxStringLength: maxFieldLength,
  });
  const problem = scanner.scan(bytes);
  if (problem === undefined) return;
  const [index, ...field] = problem.path;
  const line = index === undefined ? undefined : Number(index) + 1;
  throw new DatasetError({
    file,
    ...(line === undefined ? {} : { line }),
    ...(problem.kind === 'too-long' && field.length > 0 ? { field: field.join('.') } : {}),
    message:
      problem.kind === 'too-deep'
        ? `nested more than ${maxRecordDepth} levels deep (arrays and objects within each other)`
        : `a text longer than the ${maxFieldLength.toLocaleString('en-US')} characters a field may hold`,
  });
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

const invalidUtf8 = 'not valid UTF-8 (save the file as UTF-8)';

function lineOfInvalidUtf8(bytes: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  for (let start = 0; start <= bytes.length; line++) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline < 0 ? bytes.length : newline;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    if (newline < 0) break;
    start = newline + 1;
  }
  return line;
}

async function readBytes(file: string): Promise<Buffer> {
  try {
    const { size } = await stat(file);
    if (size > maxJsonArrayBytes) {
      throw new DatasetError({
        file,
        message: `${size.toLocaleString('en-US')} bytes, more than the ${maxJsonArrayBytes.toLocaleString('en-US')} (256 MiB) a JSON array file may hold; write it as JSONL, one record a line`,
      });
    }
    return await readFile(file);
  } catch (error) {
    throw readFailure(error, file);
  }
}
