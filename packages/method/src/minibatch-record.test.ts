import type { EvaluatedExecution } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { minibatchRecord, minibatchTextLimit } from './minibatch-record.js';

function evaluated(id: string, score: number, answer: string): EvaluatedExecution {
  return {
    instance: { id, input: { question: id }, gold: { answer: 'x' } },
    execution: {
      output: { answer },
      trace: [
        {
          module: 'answer',
          messages: [{ role: 'user', content: `question ${id}` }],
          output: { answer },
        },
      ],
    },
    evaluation: { score, feedback: `feedback on ${id}` },
  } as unknown as EvaluatedExecution;
}

describe('minibatchRecord', () => {
  it('keeps the parent and proposal executions in minibatch order, long text clipped', () => {
    const long = 'y'.repeat(minibatchTextLimit + 250);
    const record = minibatchRecord({
      step: 3,
      parent: 1,
      parentEvaluations: [evaluated('a', 0, 'wrong'), evaluated('b', 1, long)],
      proposalEvaluations: [evaluated('a', 1, 'right'), evaluated('b', 1, 'x')],
    });
    expect(record.kind).toBe('minibatch');
    expect(record.step).toBe(3);
    const data = record.data as {
      instances: string[];
      parentExecutions: { instanceId: string; score: number; output: { answer: string } }[];
      proposalExecutions: { instanceId: string; score: number; feedback: string }[];
    };
    expect(data.instances).toEqual(['a', 'b']);
    expect(data.parentExecutions.map((execution) => execution.score)).toEqual([0, 1]);
    expect(data.proposalExecutions.map((execution) => execution.instanceId)).toEqual(['a', 'b']);
    expect(data.proposalExecutions[0]?.feedback).toBe('feedback on a');
    const clipped = data.parentExecutions[1]?.output.answer ?? '';
    expect(clipped.startsWith('y'.repeat(minibatchTextLimit))).toBe(true);
    expect(clipped).toContain('[250 more characters not kept]');
    expect(JSON.stringify(record).length).toBeLessThan(3 * minibatchTextLimit);
  });

  it('has no proposal executions when the proposal was not evaluated', () => {
    const record = minibatchRecord({
      step: 0,
      parent: 0,
      parentEvaluations: [evaluated('a', 0, 'wrong')],
    });
    expect(record.data).not.toHaveProperty('proposalExecutions');
  });
});
