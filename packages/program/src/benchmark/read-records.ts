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

/** Validates one record, turning the first zod issue into a DatasetError. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, file: string, line: number): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
  throw new DatasetError({ file, line, field, message: issue?.message ?? 'invalid record' });
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DatasetError({
      file,
      message:
        code === 'ENOENT' ? 'file not found' : `cannot read (${code ?? (error as Error).message})`,
      cause: error,
    });
  }
}
