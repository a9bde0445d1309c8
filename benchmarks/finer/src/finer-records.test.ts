import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatasetError } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { finerQuestion, loadFinerSplit } from './finer-records.js';

const fixtures = fileURLToPath(new URL('./__fixtures__', import.meta.url));

describe('loadFinerSplit', () => {
  it('reads a split in file order and splits each question into entity and sentence', async () => {
    const train = await loadFinerSplit(fixtures, 'train');
    expect(train.map((instance) => instance.id)).toEqual([
      'finer-train-1',
      'finer-train-2',
      'finer-train-3',
    ]);
    expect(train[1]).toMatchObject({
      input: { entity: '4.80' },
      gold: { label: 'DebtInstrumentInterestRateStatedPercentage' },
      metadata: { source: 'meta-harness/finer', line: 2 },
    });
    expect(String(train[1]?.input['sentence'])).toMatch(
      /^\( 7 \) Includes a £ 550,000,000 4\.80 % senior/,
    );
    const validation = await loadFinerSplit(fixtures, 'validation');
    expect(validation.map((instance) => instance.id)).toEqual(['finer-val-1', 'finer-val-2']);
  });

  it('rebuilds the original question exactly', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'forge-finer-'));
    const question = finerQuestion('1.5', 'A "quoted" rate of 1.5 % applies .');
    writeFileSync(
      join(directory, 'test.jsonl'),
      `${JSON.stringify({ question, target: 'X', context: '' })}\n`,
    );
    const [instance] = await loadFinerSplit(directory, 'test');
    expect(instance?.input).toEqual({
      entity: '1.5',
      sentence: 'A "quoted" rate of 1.5 % applies .',
    });
    expect(
      finerQuestion(String(instance?.input['entity']), String(instance?.input['sentence'])),
    ).toBe(question);
  });

  it('names the file, line and field of a bad record', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'forge-finer-'));
    writeFileSync(
      join(directory, 'train.jsonl'),
      `${JSON.stringify({ question: finerQuestion('1', 's'), target: 'X' })}\n${JSON.stringify({ question: 'Tag 5?', target: 'X' })}\n`,
    );
    const error = await loadFinerSplit(directory, 'train').catch((caught) => caught);
    expect(DatasetError.isInstance(error)).toBe(true);
    expect(error.message).toContain('train.jsonl, line 2, field "question"');
    await expect(loadFinerSplit(directory, 'test')).rejects.toThrow('run `forge data pull finer`');
  });
});
