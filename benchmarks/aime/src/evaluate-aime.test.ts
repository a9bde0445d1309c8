import type { Execution, Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { evaluateAime } from './evaluate-aime.js';

const instance: Instance = {
  id: 'aimo-1',
  input: { problem: 'p' },
  gold: { answer: 204 },
  metadata: { solution: 'Count the cases: 204.' },
};
const bare: Instance = { id: 'aime2025-1', input: { problem: 'p' }, gold: { answer: 21 } };

function execution(output: Record<string, unknown>): Execution {
  return { output, trace: [] };
}

describe('evaluateAime', () => {
  it('scores a correct answer 1 and says so', () => {
    const evaluation = evaluateAime(bare, execution({ answer: ' 21\n' }));
    expect(evaluation).toEqual({ score: 1, feedback: 'The answer 21 is correct.' });
  });

  it('names the wrong answer, the gold answer and adds the reference solution', () => {
    const evaluation = evaluateAime(instance, execution({ answer: '203' }));
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toContain(
      'The answer 203 is incorrect; the correct answer is 204.',
    );
    expect(evaluation.feedback).toContain('Reference solution:\nCount the cases: 204.');
  });

  it('explains an answer int() rejects', () => {
    const evaluation = evaluateAime(bare, execution({ answer: '\\boxed{21}' }));
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toContain(
      '"\\\\boxed{21}" is not a valid integer under Python int() rules',
    );
    expect(evaluation.feedback).toContain('The correct answer is 21.');
  });

  it('explains a missing answer', () => {
    const evaluation = evaluateAime(bare, execution({}));
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toMatch(/^No final answer was found/);
  });
});
