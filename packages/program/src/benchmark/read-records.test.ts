import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DatasetError } from './dataset-error.js';
import { readJsonArray, readJsonl } from './read-records.js';

const schema = z.object({ question: z.string(), answer: z.number().int() });
const directory = mkdtempSync(join(tmpdir(), 'forge-records-'));

async function failure(promise: Promise<unknown>): Promise<DatasetError> {
  try {
    await promise;
  } catch (error) {
    if (DatasetError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a DatasetError');
}

describe('readJsonl', () => {
  it('reads records with their line numbers, skipping blank lines', async () => {
    const file = join(directory, 'good.jsonl');
    writeFileSync(file, '{"question":"a","answer":1}\n\n{"question":"b","answer":2}\n');
    expect(await readJsonl(file, schema)).toEqual([
      { line: 1, value: { question: 'a', answer: 1 } },
      { line: 3, value: { question: 'b', answer: 2 } },
    ]);
  });

  it('names the file, line and field of a bad record', async () => {
    const file = join(directory, 'bad-field.jsonl');
    writeFileSync(file, '{"question":"a","answer":1}\n{"question":"b","answer":"two"}\n');
    const error = await failure(readJsonl(file, schema));
    expect(error.file).toBe(file);
    expect(error.line).toBe(2);
    expect(error.field).toBe('answer');
    expect(error.message).toContain(`${file}, line 2, field "answer"`);
  });

  it('names the line of invalid JSON and reports missing files', async () => {
    const file = join(directory, 'bad-json.jsonl');
    writeFileSync(file, '{"question":"a","answer":1}\n{oops\n');
    expect((await failure(readJsonl(file, schema))).line).toBe(2);
    expect((await failure(readJsonl(join(directory, 'none.jsonl'), schema))).message).toContain(
      'file not found',
    );
  });
});

describe('readJsonArray', () => {
  it('numbers records from 1', async () => {
    const file = join(directory, 'array.json');
    writeFileSync(file, '[{"question":"a","answer":1},{"question":"b"}]');
    const error = await failure(readJsonArray(file, schema));
    expect([error.line, error.field]).toEqual([2, 'answer']);
  });
});
