import type { Execution, Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { evaluateLawbench } from './evaluate-lawbench.js';

const instance: Instance = {
  id: 'lawbench-test-1',
  input: { fact: '事实:…' },
  gold: { charges: ['盗窃', '诈骗'] },
};

function respond(text: string): Execution {
  return {
    output: {},
    trace: [{ module: 'judge', messages: [{ role: 'assistant', content: text }] }],
  };
}

describe('evaluateLawbench', () => {
  it('scores matching sets 1 and says where the charges came from', () => {
    expect(evaluateLawbench(instance, respond('分析。[罪名]诈骗；盗窃<eoa>'))).toEqual({
      score: 1,
      feedback: `Predicted charges [诈骗; 盗窃] (from the [罪名]…<eoa> block, split on '；') match the gold charges.`,
    });
  });

  it('lists missing and extra charges and flags the 罪 suffix and unknown names', () => {
    const evaluation = evaluateLawbench(instance, respond('[罪名]盗窃罪;偷东西<eoa>'));
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toBe(
      `Predicted charges [盗窃罪; 偷东西] (from the [罪名]…<eoa> block, split on ';') but the gold charges are [盗窃; 诈骗]. Missing: [盗窃; 诈骗]. Not in the gold set: [盗窃罪; 偷东西]. Charge names must not carry the suffix 罪. Not official charge names: [盗窃罪; 偷东西].`,
    );
  });

  it('explains an answer with no parsable charges', () => {
    const evaluation = evaluateLawbench(instance, respond('[罪名]<eoa>'));
    expect(evaluation).toEqual({
      score: 0,
      feedback:
        'No charges could be parsed from the [罪名]…<eoa> block. The gold charges are [盗窃; 诈骗]. Write the final charges as [罪名]X;Y<eoa>.',
    });
  });
});
