import { describe, expect, it } from 'vitest';
import type { DemoSet } from '../bootstrap/assemble-demo-sets.js';
import type { ComboRecord } from '../mipro-state.js';
import { fullEvaluationTarget } from './full-evaluation-target.js';
import { candidateOf, comboKey, searchSpace, selectionOf } from './search-space.js';

const demo = (id: string) => ({ input: { x: id }, output: { y: id }, instanceId: id });
const demoSets: DemoSet[] = [
  { kind: 'zero-shot', demos: {}, bootstrapped: {} },
  { kind: 'bootstrapped', demos: { answer: [demo('t1')] }, bootstrapped: { answer: 1 } },
  {
    kind: 'bootstrapped',
    demos: { answer: [demo('t2'), demo('t3')] },
    bootstrapped: { answer: 2 },
  },
];
const instructions = { read: ['seed read'], answer: ['seed answer', 'better', 'best'] };

describe('the search space', () => {
  it('searches an instruction and a demo set per module, leaving single choices out', () => {
    const space = searchSpace({
      modules: ['read', 'answer'],
      instructions,
      demoSets,
      searchDemos: true,
    });
    expect(space.map((parameter) => [parameter.name, parameter.choices])).toEqual([
      ['answer.instruction', 3],
      ['answer.demos', 3],
    ]);
    const zeroShot = searchSpace({
      modules: ['read', 'answer'],
      instructions,
      demoSets,
      searchDemos: false,
    });
    expect(zeroShot.map((parameter) => parameter.name)).toEqual(['answer.instruction']);
  });

  it('turns a point into each module’s prompt and demonstrations', () => {
    const space = searchSpace({
      modules: ['read', 'answer'],
      instructions,
      demoSets,
      searchDemos: true,
    });
    const selection = selectionOf(['read', 'answer'], space, [2, 2]);
    expect(selection).toEqual({
      read: { instruction: 0, demoSet: 0 },
      answer: { instruction: 2, demoSet: 2 },
    });
    expect(candidateOf(selection, instructions, demoSets)).toEqual({
      prompts: { read: 'seed read', answer: 'best' },
      demos: { answer: [demo('t2'), demo('t3')] },
    });
    // The seed's point is the seed prompts and no demonstrations at all.
    expect(
      candidateOf(selectionOf(['read', 'answer'], space, [0, 0]), instructions, demoSets),
    ).toEqual({
      prompts: { read: 'seed read', answer: 'seed answer' },
    });
    expect(comboKey([2, 0])).toBe('c:2,0');
  });
});

describe('fullEvaluationTarget', () => {
  it('takes the best mean minibatch score not yet fully evaluated, the first on ties', () => {
    const combos: Record<string, ComboRecord> = {
      'c:0': { params: [0], minibatchScores: [], validation: 0.4, candidate: 0 },
      'c:1': { params: [1], minibatchScores: [0.6, 0.8] },
      'c:2': { params: [2], minibatchScores: [0.9], validation: 0.7, candidate: 1 },
      'c:3': { params: [3], minibatchScores: [0.7] },
      'c:4': { params: [4], minibatchScores: [0.5] },
    };
    expect(fullEvaluationTarget(combos)).toBe('c:1');
    expect(
      fullEvaluationTarget({
        'c:0': { params: [0], minibatchScores: [0.5], validation: 0.5, candidate: 0 },
      }),
    ).toBeUndefined();
  });
});
