import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatasetError } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { loadAimeRecords } from './aime-records.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));

function directoryWith(aimo: string, arena: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'forge-aime-'));
  writeFileSync(join(directory, 'aimo-validation-aime.jsonl'), aimo);
  writeFileSync(join(directory, 'aime_2025.jsonl'), arena);
  return directory;
}

describe('loadAimeRecords', () => {
  it('reads both files in row order with integer gold answers', async () => {
    const records = await loadAimeRecords(fixtures);
    expect(records.pool.map((instance) => instance.id)).toEqual([
      'aimo-1',
      'aimo-2',
      'aimo-3',
      'aimo-4',
      'aimo-5',
      'aimo-6',
    ]);
    expect(records.pool[0]).toMatchObject({
      input: { problem: 'Synthetic problem 1: what is $2 + 2$?' },
      gold: { answer: 4 },
      metadata: { source: 'AI-MO/aimo-validation-aime', line: 1, solution: expect.any(String) },
    });
    expect(records.test.map((instance) => instance.gold['answer'])).toEqual([21, 53, 999]);
    expect(records.test[0]?.id).toBe('aime2025-1');
  });

  it('names the file, line and field of a gold answer int() rejects', async () => {
    const directory = directoryWith(
      '{"id":1,"problem":"p","answer":"12"}\n{"id":2,"problem":"q","answer":"12.5"}\n',
      '',
    );
    const error = await loadAimeRecords(directory).catch((caught) => caught);
    expect(DatasetError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ line: 2, field: 'answer' });
    expect(error.message).toContain('aimo-validation-aime.jsonl, line 2, field "answer"');
  });

  it('rejects duplicate problem ids', async () => {
    const directory = directoryWith(
      '{"id":1,"problem":"p","answer":"1"}\n',
      '{"problem_idx":4,"problem":"a","answer":1}\n{"problem_idx":4,"problem":"b","answer":2}\n',
    );
    await expect(loadAimeRecords(directory)).rejects.toThrow(
      'aime_2025.jsonl, line 2, field "problem_idx": duplicate id aime2025-4',
    );
  });

  it('tells the user to pull the data when a file is missing', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'forge-aime-empty-'));
    await expect(loadAimeRecords(directory)).rejects.toThrow('run `forge data pull aime`');
  });
});
