import { defineSignature } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { assembleDemoSets, labelledFieldsOf } from './assemble-demo-sets.js';
import type { BootstrapOutcome } from './bootstrap-outcome.js';

const signature = defineSignature({
  name: 'Toy',
  inputFields: [{ name: 'question', type: 'str', description: 'q' }],
  outputFields: [{ name: 'answer', type: 'str', description: 'a' }],
});
const train = Array.from({ length: 6 }, (_, index) => ({
  id: `t${index}`,
  input: { question: `q${index}` },
  gold: { answer: `a${index}` },
}));
const passing = (id: string): BootstrapOutcome => ({
  score: 1,
  passed: true,
  demonstrations: {
    read: { input: { question: `q-${id}` }, output: { note: 'n' }, instanceId: id },
    answer: {
      input: { question: `q-${id}` },
      output: { answer: 'x' },
      reasoning: 'r',
      instanceId: id,
    },
  },
});
const outcomes: Record<string, BootstrapOutcome> = {
  t0: passing('t0'),
  t1: { score: 0, passed: false, demonstrations: {} },
  t2: passing('t2'),
};

describe('demo sets', () => {
  it('offers labelled demonstrations only to modules that read inputs and write gold fields', () => {
    expect(labelledFieldsOf(outcomes, signature, ['read', 'answer', 'absent'])).toEqual({
      answer: { input: ['question'], output: ['answer'] },
    });
  });

  it('shows kept runs first, then fills up with labelled instances it did not keep', () => {
    const sets = assembleDemoSets({
      specs: [
        { kind: 'zero-shot' },
        { kind: 'labelled', instances: ['t4', 't5'] },
        { kind: 'bootstrapped', order: ['t0', 't1', 't2', 't3'], size: 2 },
      ],
      outcomes,
      modules: ['read', 'answer'],
      train,
      labelled: labelledFieldsOf(outcomes, signature, ['read', 'answer']),
      maxBootstrapped: 4,
      maxLabeled: 3,
      seed: 0,
    });
    expect(sets[0]).toEqual({ kind: 'zero-shot', demos: {}, bootstrapped: {} });
    expect(sets[1]?.demos).toEqual({
      answer: [
        { input: { question: 'q4' }, output: { answer: 'a4' }, instanceId: 't4' },
        { input: { question: 'q5' }, output: { answer: 'a5' }, instanceId: 't5' },
      ],
    });
    const bootstrapped = sets[2];
    expect(bootstrapped?.bootstrapped).toEqual({ read: 2, answer: 2 });
    expect(bootstrapped?.demos['read']?.map((demo) => demo.instanceId)).toEqual(['t0', 't2']);
    const answer = bootstrapped?.demos['answer'] ?? [];
    expect(answer.map((demo) => demo.instanceId).slice(0, 2)).toEqual(['t0', 't2']);
    // One labelled demonstration fills the set up to three, never one of the kept runs.
    expect(answer).toHaveLength(3);
    expect(['t0', 't2']).not.toContain(answer[2]?.instanceId);
    expect(answer[2]?.reasoning).toBeUndefined();
  });
});
