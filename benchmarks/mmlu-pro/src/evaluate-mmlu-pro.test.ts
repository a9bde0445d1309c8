import type { Execution, Instance } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { evaluateMmluPro } from './evaluate-mmlu-pro.js';

const instance: Instance = {
  id: 'mmlu-pro-1',
  input: {
    question: 'q',
    options: ['one', 'two', 'three', 'four', 'five', 'six'],
    category: 'math',
  },
  gold: { answer: 'F' },
};

function respond(text: string): Execution {
  return {
    output: {},
    trace: [
      {
        module: 'answerer',
        messages: [
          { role: 'user', content: 'q' },
          { role: 'assistant', content: text },
        ],
      },
    ],
  };
}

describe('evaluateMmluPro', () => {
  it('scores a correct letter 1', () => {
    expect(evaluateMmluPro(instance, respond('... The answer is (F).'))).toEqual({
      score: 1,
      feedback: `Extracted answer 'F' (rule 1, 'answer is (X)') is correct.`,
    });
  });

  it('names the extracted letter, the rule and the gold option', () => {
    const evaluation = evaluateMmluPro(instance, respond('The answer is (C).'));
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toBe(
      `Extracted answer 'C' (rule 1, 'answer is (X)') but the gold answer is 'F' ("six").`,
    );
  });

  it('points out when a fallback rule decided', () => {
    const evaluation = evaluateMmluPro(instance, respond('I would pick B'));
    expect(evaluation.feedback).toContain(
      `Extracted answer 'B' (rule 3, the last standalone letter A–J)`,
    );
    expect(evaluation.feedback).toContain('a fallback rule picked the letter');
  });

  it('explains a response with no letter', () => {
    const evaluation = evaluateMmluPro(instance, respond('no idea'));
    expect(evaluation.score).toBe(0);
    expect(evaluation.feedback).toMatch(
      /^No answer letter could be extracted: .* The gold answer is 'F' \("six"\)\./,
    );
  });
});
