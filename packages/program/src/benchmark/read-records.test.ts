import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DatasetError } from './dataset-error.js';
import { maxFieldLength, maxRecordDepth, readJsonArray, readJsonl } from './read-records.js';

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

describe('hostile dataset files', () => {
  it('refuses a line nested 20,000 deep, naming the line, before anything walks it', async () => {
    const file = join(directory, 'deep.jsonl');
    writeFileSync(
      file,
      `{"question":"a","answer":1}\n{"question":${'['.repeat(20_000)}${']'.repeat(20_000)},"answer":2}\n`,
    );
    const error = await failure(readJsonl(file, schema));
    expect(error.line).toBe(2);
    expect(error.message).toContain(`${file}, line 2`);
    expect(error.message).toContain(`nested more than ${maxRecordDepth} levels`);
  });

  it('does not count brackets inside strings as nesting', async () => {
    const file = join(directory, 'brackets.jsonl');
    writeFileSync(file, `${JSON.stringify({ question: '['.repeat(500), answer: 1 })}\n`);
    expect(await readJsonl(file, schema)).toHaveLength(1);
  });

  it('refuses a field longer than the documented size, naming line and field', async () => {
    const file = join(directory, 'long.jsonl');
    writeFileSync(
      file,
      `{"question":"a","answer":1}\n${JSON.stringify({ question: 'x'.repeat(maxFieldLength + 1), answer: 2 })}\n`,
    );
    const error = await failure(readJsonl(file, schema));
    expect(error.line).toBe(2);
    expect(error.message).toContain(`${file}, line 2`);
    expect(error.message).toContain('question');
    expect(error.message).toMatch(/more than the 8,388,608/);
  });

  it('refuses bytes that are not UTF-8, naming the line, instead of replacing them', async () => {
    const file = join(directory, 'latin1.jsonl');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('{"question":"a","answer":1}\n{"question":"caf'),
        Buffer.from([0xe9]),
        Buffer.from('","answer":2}\n'),
      ]),
    );
    const error = await failure(readJsonl(file, schema));
    expect(error.line).toBe(2);
    expect(error.message).toContain(`${file}, line 2`);
    expect(error.message).toContain('not valid UTF-8');
  });
});
