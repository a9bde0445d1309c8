import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { readIfbenchFile } from './read-ifbench-file.js';

const directory = mkdtempSync(join(tmpdir(), 'ifbench-read-'));

async function failure(lines: string[]): Promise<DatasetError> {
  const file = join(directory, `bad-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  try {
    await readIfbenchFile(file);
  } catch (error) {
    if (DatasetError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a DatasetError');
}

const good = JSON.stringify({
  key: 1,
  prompt: 'p',
  instruction_id_list: ['punctuation:no_comma'],
  kwargs: [{}],
});

describe('readIfbenchFile', () => {
  it('reads the official test rows and the training rows', async () => {
    const test = await readIfbenchFile(
      new URL('../__fixtures__/ifbench-test-sample.jsonl', import.meta.url).pathname,
    );
    const train = await readIfbenchFile(
      new URL('../__fixtures__/train-sample.jsonl', import.meta.url).pathname,
    );
    expect(test).toHaveLength(5);
    expect(train).toHaveLength(10);
  });

  it('names the line and field of a schema error', async () => {
    const error = await failure([
      good,
      JSON.stringify({ key: 2, prompt: 'p', instruction_id_list: [], kwargs: [] }),
    ]);
    expect([error.line, error.field]).toEqual([2, 'instruction_id_list']);
    const mismatch = await failure([
      JSON.stringify({
        key: 3,
        prompt: 'p',
        instruction_id_list: ['punctuation:no_comma'],
        kwargs: [],
      }),
    ]);
    expect([mismatch.line, mismatch.field]).toEqual([1, 'kwargs']);
  });

  it('names the constraint whose kwargs or id cannot build a checker', async () => {
    const badKwargs = await failure([
      good,
      good,
      JSON.stringify({
        key: 4,
        prompt: 'p',
        instruction_id_list: ['punctuation:no_comma', 'count:numbers'],
        kwargs: [{}, { N: null }],
      }),
    ]);
    expect([badKwargs.line, badKwargs.field]).toEqual([3, 'kwargs.1']);
    expect(badKwargs.message).toContain('count:numbers, kwarg "N": is missing');
    const badId = await failure([
      JSON.stringify({ key: 5, prompt: 'p', instruction_id_list: ['count:nope'], kwargs: [{}] }),
    ]);
    expect(badId.message).toContain('unknown instruction id "count:nope"');
  });
});
