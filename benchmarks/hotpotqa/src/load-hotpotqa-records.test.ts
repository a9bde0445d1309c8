import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetError } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { loadHotpotRecords } from './load-hotpotqa-records.js';

const directory = mkdtempSync(join(tmpdir(), 'forge-hotpot-load-'));
const official = {
  _id: 'a1',
  question: 'Which came first?',
  answer: 'Alpha',
  supporting_facts: [
    ['Alpha', 1],
    ['Beta', 0],
    ['Gamma', 4],
  ],
  context: [
    ['Alpha', ['Alpha is old.', ' It came first.']],
    ['Beta', ['Beta is new.']],
  ],
  type: 'comparison',
  level: 'hard',
};
const hub = {
  id: 'a1',
  question: 'Which came first?',
  answer: 'Alpha',
  type: 'comparison',
  level: 'hard',
  supporting_facts: { title: ['Alpha', 'Beta', 'Gamma'], sent_id: [1, 0, 4] },
  context: {
    title: ['Alpha', 'Beta'],
    sentences: [['Alpha is old.', ' It came first.'], ['Beta is new.']],
  },
};
const expected = {
  id: 'a1',
  question: 'Which came first?',
  answer: 'Alpha',
  supportingFacts: ['Alpha | It came first.', 'Beta | Beta is new.', 'Gamma'],
  type: 'comparison',
  level: 'hard',
};

describe('loadHotpotRecords', () => {
  it('reads the official JSON array and the columnar hub JSONL to the same records', async () => {
    const json = join(directory, 'train.json');
    writeFileSync(json, JSON.stringify([official, official]));
    const jsonl = join(directory, 'train.jsonl');
    writeFileSync(jsonl, `${JSON.stringify(hub)}\n\n${JSON.stringify(official)}\n`);
    expect(await loadHotpotRecords(json)).toEqual([expected, expected]);
    expect(await loadHotpotRecords(jsonl)).toEqual([expected, expected]);
  });

  it('names the file, record and field of a bad record in either format', async () => {
    const json = join(directory, 'bad.json');
    writeFileSync(
      json,
      JSON.stringify([official, { ...official, supporting_facts: [['Alpha', 'one']] }]),
    );
    const error = (await loadHotpotRecords(json).catch(
      (caught: unknown) => caught,
    )) as DatasetError;
    expect(DatasetError.isInstance(error)).toBe(true);
    expect(error.message).toContain(`${json}, line 2, field "supporting_facts.0.1"`);
    const jsonl = join(directory, 'bad.jsonl');
    writeFileSync(jsonl, `${JSON.stringify({ ...hub, context: { title: ['x'] } })}\n`);
    const hubError = (await loadHotpotRecords(jsonl).catch(
      (caught: unknown) => caught,
    )) as DatasetError;
    expect(hubError.message).toContain(`${jsonl}, line 1, field "context.sentences"`);
  });
});
