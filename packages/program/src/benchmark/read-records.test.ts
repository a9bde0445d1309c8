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

describe('readJsonArray', { timeout: 60_000 }, () => {
  it('numbers records from 1', async () => {
    const file = join(directory, 'array.json');
    writeFileSync(file, '[{"question":"a","answer":1},{"question":"b"}]');
    const error = await failure(readJsonArray(file, schema));
    expect([error.line, error.field]).toEqual([2, 'answer']);
  });

  it('names the record and field of a text too long, and the record nested too deep', async () => {
    const file = join(directory, 'records.json');
    const long = { question: 'x'.repeat(maxFieldLength + 1), answer: 2 };
    writeFileSync(file, JSON.stringify([{ question: 'a', answer: 1 }, long]));
    const error = await failure(readJsonArray(file, schema));
    expect([error.line, error.field]).toEqual([2, 'question']);
    writeFileSync(file, `[{"question":"a","answer":1},${'['.repeat(20_000)}${']'.repeat(20_000)}]`);
    const deep = await failure(readJsonArray(file, schema));
    expect(deep.line).toBe(2);
    expect(deep.message).toContain(`nested more than ${maxRecordDepth} levels`);
  });
});

// These tests build 8–16 MB fields; on a loaded machine that alone can take longer than vitest's
// default 5 s, which is no failure of the reader.
describe('hostile dataset files', { timeout: 60_000 }, () => {
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
    expect(error.field).toBe('question');
    expect(error.message).toContain('a text longer than the 8,388,608 characters a field may hold');
  });

  it('reads line by line: a long field is refused before a later line is even decoded', async () => {
    const file = join(directory, 'long-then-latin1.jsonl');
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from('{"question":"a","answer":1}\n'),
        Buffer.from(JSON.stringify({ answer: 2, question: 'é'.repeat(maxFieldLength + 1) })),
        Buffer.from('\n{"question":"caf'),
        Buffer.from([0xe9]),
        Buffer.from('","answer":3}\n'),
      ]),
    );
    const error = await failure(readJsonl(file, schema));
    expect([error.line, error.field]).toEqual([2, 'question']);
    // A field of exactly the limit, in two-byte characters, is read.
    writeFileSync(file, `${JSON.stringify({ question: 'é'.repeat(maxFieldLength), answer: 1 })}`);
    const records = await readJsonl(file, schema);
    expect(records.map((record) => record.value.question.length)).toEqual([maxFieldLength]);
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
