import type { Execution, Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { evaluateIfbench } from './ifbench-evaluator.js';

const instance: Instance = {
  id: 'ifbench-test-22',
  input: {
    prompt: 'Include exactly 15 numbers. Use at least 5 different coordinating conjunctions.',
  },
  gold: {
    instruction_id_list: ['count:numbers', 'count:conjunctions'],
    kwargs: JSON.stringify([{ N: 15 }, { small_n: 5 }]),
  },
};

function execution(response: string): Execution {
  return { output: { response }, trace: [] };
}

describe('evaluateIfbench', () => {
  it('scores constraints followed over constraints and names each unmet one with its kwargs and reason', async () => {
    const evaluation = await evaluateIfbench(
      instance,
      execution('Numbers: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 and but'),
    );
    expect(evaluation.score).toBe(0.5);
    expect(evaluation.feedback).toContain('1 of 2 constraints followed.');
    expect(evaluation.feedback).toContain(
      '- count:conjunctions (small_n = 5): Use at least 5 different coordinating conjunctions in the response. Why: it uses 2 different conjunction tokens.',
    );
    expect(evaluation.feedback).toContain('Followed:\n- count:numbers (N = 15)');
  });

  it('gives 1 with no unmet section, and 0 for a missing response', async () => {
    const perfect = await evaluateIfbench(
      instance,
      execution('1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 and but or so yet'),
    );
    expect(perfect.score).toBe(1);
    expect(perfect.feedback).not.toContain('Not followed');
    const empty = await evaluateIfbench(instance, { output: {}, trace: [] });
    expect(empty.score).toBe(0);
    expect(empty.feedback).toContain('Why: the response is empty.');
  });

  it('scores 0 with an explanation when the gold constraints cannot be built', async () => {
    const broken = {
      ...instance,
      gold: { instruction_id_list: ['count:numbers'], kwargs: '[{"N": "x"}]' },
    };
    const evaluation = await evaluateIfbench(broken, execution('1 2'));
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toMatch(
      /cannot be checked: count:numbers, kwarg "N": must be a non-negative number/,
    );
  });
});
