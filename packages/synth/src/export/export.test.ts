import { defineSignature, type Instance } from '@forge/program';
import { emptyUsage, InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { additionSignature } from '../__fixtures__/modes.js';
import type { AttemptRecord } from '../run/attempt-record.js';
import { rejectedToJsonl } from './rejected-to-jsonl.js';
import { toJsonl } from './to-jsonl.js';
import { toTrlRows, trlRowsToJsonl } from './to-trl-rows.js';

const admitted: Instance = {
  id: 'syn-0-3',
  input: { question: 'What is 28 + 17?' },
  gold: { answer: 45 },
  metadata: { synthetic: true, modeName: 'dropped_carry', intent: 'boundary' },
};

const qa = defineSignature({
  name: 'QA',
  inputFields: [
    { name: 'question', type: 'str', description: '' },
    { name: 'passages', type: 'list[str]', description: '' },
  ],
  outputFields: [
    { name: 'answer', type: 'str', description: '' },
    { name: 'instance_id', type: 'str', description: '' },
  ],
});

describe('toJsonl', () => {
  it('writes one instance per line with a trailing newline', () => {
    const text = toJsonl([admitted, { id: 'x', input: { question: 'q' }, gold: { answer: 1 } }]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(JSON.parse(lines[0]!)).toEqual(admitted);
    expect(JSON.parse(lines[1]!)).toEqual({
      id: 'x',
      input: { question: 'q' },
      gold: { answer: 1 },
    });
    expect(toJsonl([])).toBe('');
  });
});

describe('toTrlRows', () => {
  it('puts the single input in prompt and gold fields in their own columns', () => {
    expect(toTrlRows([admitted], additionSignature)).toEqual([
      {
        prompt: 'What is 28 + 17?',
        answer: 45,
        instance_id: 'syn-0-3',
        failure_mode: 'dropped_carry',
        intent: 'boundary',
      },
    ]);
  });

  it('renders several inputs, fills templates, and makes conversational prompts', () => {
    const instance: Instance = {
      id: 'i1',
      input: { passages: ['A was first.', 'B was second.'], question: 'Who?' },
      gold: { answer: 'A', instance_id: 'gold-value' },
    };
    const [plain] = toTrlRows([instance], qa, { provenanceColumns: false });
    expect(plain).toEqual({
      prompt: '## question\nWho?\n\n## passages\n[\n  "A was first.",\n  "B was second."\n]',
      answer: 'A',
      instance_id: 'gold-value',
    });
    const [templated] = toTrlRows([instance], qa, {
      promptTemplate: 'Q: {question}\nDocs: {passages}',
      system: 'Answer briefly.',
    });
    expect(templated?.prompt).toEqual([
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'Q: Who?\nDocs: [\n  "A was first.",\n  "B was second."\n]' },
    ]);
    // A gold column is never overwritten by a provenance column.
    expect(templated?.['instance_id']).toBe('gold-value');
    expect(templated?.['failure_mode']).toBeNull();
    expect(trlRowsToJsonl([plain!]).endsWith('}\n')).toBe(true);
  });

  it('refuses templates naming undeclared fields and gold fields named prompt', () => {
    expect(() => toTrlRows([admitted], additionSignature, { promptTemplate: '{answer}' })).toThrow(
      '{answer} is not an input field',
    );
    const clash = defineSignature({
      name: 'Clash',
      inputFields: [{ name: 'q', type: 'str', description: '' }],
      outputFields: [{ name: 'prompt', type: 'str', description: '' }],
    });
    let caught: unknown;
    try {
      toTrlRows([], clash);
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
  });
});

describe('rejectedToJsonl', () => {
  const base: AttemptRecord = {
    event: 1,
    slot: 4,
    modeId: 'e1-m0',
    modeName: 'dropped_carry',
    intent: 'negative',
    sourceObservationId: 'o-9',
    sourceInstanceId: 'train-9',
    outcome: 'rejected-validity',
    reasonCode: 'invalid',
    reason: 'gold is wrong',
    instance: { id: 'syn-1-4', input: { question: 'What is 9 + 9?' }, gold: { answer: 19 } },
    verdict: {
      ok: true,
      validity: false,
      validityReason: 'gold is wrong',
      faithfulness: true,
      faithfulnessReason: 'ok',
    },
    generatorTranscript: [],
    generatorResponseText: '',
    usage: { generate: emptyUsage(), verify: emptyUsage() },
    models: { generator: 'mock:g', verifier: 'mock:v' },
  };

  it('writes rejected attempts with verdicts and candidates, skipping admitted ones', () => {
    const failed: AttemptRecord = {
      ...base,
      slot: 5,
      outcome: 'generation-failed',
      reasonCode: 'invalid-json',
      reason: 'invalid JSON',
      instance: undefined,
      verdict: undefined,
    };
    const lines = rejectedToJsonl([base, { ...base, slot: 6, outcome: 'admitted' }, failed])
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      slot: 4,
      outcome: 'rejected-validity',
      candidate: { id: 'syn-1-4', input: { question: 'What is 9 + 9?' }, gold: { answer: 19 } },
      validity: false,
      validityReason: 'gold is wrong',
      faithfulness: true,
      modeName: 'dropped_carry',
      intent: 'negative',
    });
    expect(lines[1]).toMatchObject({
      slot: 5,
      outcome: 'generation-failed',
      candidate: null,
      validity: null,
    });
  });
});
