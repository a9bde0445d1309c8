import { seedPrompts } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { extractAnswer } from './extract-answer.js';
import {
  createMmluProProgram,
  mmluProModuleName,
  mmluProReasoningOf,
  renderMmluProAnswer,
  renderMmluProInput,
} from './mmlu-pro-program.js';

describe('renderMmluProInput', () => {
  it('renders the official question format after the subject line', () => {
    const text = renderMmluProInput({
      id: 'x',
      input: { question: 'What is 7 multiplied by 8?', options: ['54', '56'], category: 'math' },
      gold: {},
    });
    expect(text).toBe(
      "The following is a multiple choice question about math.\n\nQuestion: What is 7 multiplied by 8?\nOptions: A. 54\nB. 56\nAnswer: Let's think step by step.",
    );
  });
});

describe('MMLU-Pro demonstrations', () => {
  it('shows demonstrations before the question, answers the extraction rules read back', async () => {
    const model = new MockLanguageModel({ responses: ['8 sevens are 56. The answer is (B).'] });
    const program = createMmluProProgram();
    const input = {
      question: 'What is 7 multiplied by 8?',
      options: ['54', '56'],
      category: 'math',
    };
    const demonstration = {
      input: { question: 'What is 2 plus 2?', options: ['4', '5'], category: 'math' },
      output: { answer: 'A' },
      reasoning: 'Two and two make four; option A is 4.',
    };
    const execution = await program.run(
      { id: 'q', input, gold: { answer: 'B' } },
      seedPrompts(program),
      {
        model,
        demos: { [mmluProModuleName]: [demonstration] },
        recordDemonstrations: true,
      },
    );
    const messages = model.requests[0]?.messages ?? [];
    expect(messages).toHaveLength(3);
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: 'Two and two make four; option A is 4.\n\nThe answer is (A).',
    });
    expect(extractAnswer(renderMmluProAnswer({ answer: 'A' }, demonstration.reasoning))).toBe('A');
    expect(execution.trace[0]?.demonstration?.reasoning).toBe('8 sevens are 56.');
    expect(mmluProReasoningOf('So the answer is (C)')).toBe('So');
  });
});
