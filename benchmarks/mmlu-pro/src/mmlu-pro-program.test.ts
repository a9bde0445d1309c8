import { describe, expect, it } from 'vitest';
import { renderMmluProInput } from './mmlu-pro-program.js';

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
