import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatasetError } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { loadMmluProRecords } from './mmlu-pro-records.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));

describe('loadMmluProRecords', () => {
  it('reads both splits in file order and drops N/A options', async () => {
    const records = await loadMmluProRecords(fixtures);
    expect(records.testPool).toHaveLength(12);
    expect(records.validation.map((instance) => instance.id)).toEqual([
      'mmlu-pro-1001',
      'mmlu-pro-1002',
      'mmlu-pro-1003',
    ]);
    expect(records.testPool[2]).toMatchObject({
      id: 'mmlu-pro-3',
      input: { options: ['x', '2x', 'x^2', '2'], category: 'math' },
      gold: { answer: 'B' },
      metadata: { source: 'TIGER-Lab/MMLU-Pro', line: 3, question_id: 3 },
    });
  });

  it('names the file, line and field of a bad answer letter', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'forge-mmlu-'));
    const row = {
      question_id: 1,
      question: 'q',
      options: ['a'],
      answer: 'A',
      answer_index: 0,
      category: 'math',
    };
    writeFileSync(
      join(directory, 'test.jsonl'),
      `${JSON.stringify(row)}\n${JSON.stringify({ ...row, question_id: 2, answer: 'K' })}\n`,
    );
    const error = await loadMmluProRecords(directory).catch((caught) => caught);
    expect(DatasetError.isInstance(error)).toBe(true);
    expect(error.message).toContain('test.jsonl, line 2, field "answer": must be one letter A–J');
  });
});
