import { describe, expect, it } from 'vitest';
import { extractAnswer, extractAnswerWithRule } from './extract-answer.js';

// [response, letter, rule], printed by a CPython 3.11 re-implementation of evaluate_from_api.py
// (`response.replace('**', '')`, then extract_answer → extract_again → extract_final).
const vectors: readonly (readonly [string, string | null, string | null])[] = [
  ["Let's compute. The answer is (C).", 'C', 'answer-is'],
  ['so the answer is C', 'C', 'answer-is'],
  ['The Answer is (C)', 'C', 'last-letter'],
  ['answer is  (C)', 'C', 'last-letter'],
  ['The answer is (K)', null, null],
  ['The answer is **(D)**', 'D', 'answer-is'],
  ['Answer: B\nThe answer is (C)', 'C', 'answer-is'],
  ['answer is Bob', 'B', 'answer-is'],
  ['The answer is (c)', null, null],
  ['Answer: B then answer: C\nAnswer: D', 'C', 'answer-colon'],
  ['Final answer:\n\n  E', 'E', 'answer-colon'],
  ['Answer: Because of the law', 'B', 'answer-colon'],
  ['Answer:\u0085F', 'F', 'answer-colon'],
  ['Answer:\u00a0G', 'G', 'answer-colon'],
  ['Answer:\u001cH', 'H', 'answer-colon'],
  ['answer: A\ranswer: B\nanswer: C', 'B', 'answer-colon'],
  ['x answer: Z\nAnswer: G', 'G', 'answer-colon'],
  ['answer: answer: D', 'D', 'answer-colon'],
  ['**Answer:** C and also A', 'C', 'answer-colon'],
  ["I think it's B.", 'B', 'last-letter'],
  ['B. I think so', 'I', 'last-letter'],
  ['Option A\u0301 fits', 'A', 'last-letter'],
  ['Option xA fits', null, null],
  ['1A or _C_', null, null],
  ['\u0663A', null, null],
  ['A\nsome text\nB\nthe end', 'B', 'last-letter'],
  ['no idea', null, null],
  ['', null, null],
  ['Choice (E)!', 'E', 'last-letter'],
  ['\u00c9A B\u00e9', null, null],
  ['answer is (J) ', 'J', 'answer-is'],
  ['The correct option is \uff23', null, null],
];

describe('extractAnswerWithRule', () => {
  it.each(vectors)('%j → %s by %s, as CPython', (response, letter, rule) => {
    expect(extractAnswerWithRule(response)).toEqual({ letter, rule });
  });

  it('applies rule 1 before rule 2 even when rule 2 matches earlier in the text', () => {
    expect(extractAnswerWithRule('Answer: B\nThe answer is (C)')).toEqual({
      letter: 'C',
      rule: 'answer-is',
    });
  });

  it('strips ** before matching, which changes the verdict', () => {
    // Without the strip, CPython's rules give 'A' (last letter) for both.
    expect(extractAnswerWithRule('**Answer:** C and also A')).toEqual({
      letter: 'C',
      rule: 'answer-colon',
    });
    expect(extractAnswerWithRule('The answer is **(D)**, not A')).toEqual({
      letter: 'D',
      rule: 'answer-is',
    });
  });

  it('treats a carriage return as part of the line, as Python `.` does', () => {
    expect(extractAnswer('answer: A\ranswer: B\nanswer: C')).toBe('B');
  });
});
