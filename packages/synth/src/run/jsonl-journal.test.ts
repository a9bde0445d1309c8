import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError } from '@forge/program';
import { emptyUsage } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import type { AttemptRecord } from './attempt-record.js';
import { createJsonlJournal } from './jsonl-journal.js';

const directory = mkdtempSync(join(tmpdir(), 'forge-journal-'));

function record(slot: number): AttemptRecord {
  return {
    event: 0,
    slot,
    intent: 'random',
    sourceInstanceId: 't1',
    outcome: 'generation-failed',
    reasonCode: 'missing-block',
    reason: 'no block',
    generatorTranscript: [],
    generatorResponseText: 'nothing',
    usage: { generate: emptyUsage(), verify: emptyUsage() },
    models: { generator: 'mock:g', verifier: 'mock:v' },
  };
}

describe('createJsonlJournal', () => {
  it('appends records concurrently one per line and reads them back', async () => {
    const file = join(directory, 'nested', 'journal.jsonl');
    const journal = await createJsonlJournal(file);
    await Promise.all([0, 1, 2, 3].map((slot) => journal.put(record(slot))));
    expect(await journal.get(0, 2)).toEqual(record(2));
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).slot).sort()).toEqual([0, 1, 2, 3]);
    const reopened = await createJsonlJournal(file);
    expect(await reopened.get(0, 3)).toEqual(record(3));
    expect(await reopened.get(0, 4)).toBeUndefined();
  });

  it('ignores a torn last line and keeps appending on a fresh line', async () => {
    const file = join(directory, 'torn.jsonl');
    writeFileSync(file, `${JSON.stringify(record(0))}\n`);
    appendFileSync(file, JSON.stringify(record(1)).slice(0, 30));
    const journal = await createJsonlJournal(file);
    expect(await journal.get(0, 1)).toBeUndefined();
    await journal.put(record(1));
    const again = await createJsonlJournal(file);
    expect(await again.get(0, 1)).toEqual(record(1));
  });

  it('refuses a corrupt line in the middle', async () => {
    const file = join(directory, 'corrupt.jsonl');
    writeFileSync(file, `{oops\n${JSON.stringify(record(0))}\n`);
    let caught: unknown;
    try {
      await createJsonlJournal(file);
    } catch (error) {
      caught = error;
    }
    expect(DatasetError.isInstance(caught)).toBe(true);
    expect((caught as DatasetError).line).toBe(1);
  });
});
