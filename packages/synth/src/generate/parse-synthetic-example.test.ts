import { describe, expect, it } from 'vitest';
import { additionSignature } from '../__fixtures__/modes.js';
import { parseSyntheticExample } from './parse-synthetic-example.js';

describe('parseSyntheticExample', () => {
  it('coerces a well-formed block, tolerating reasoning around it and one code fence', () => {
    const expected = {
      ok: true,
      input: { question: 'What is 2 + 3?' },
      gold: { answer: 5 },
      converted: [],
    };
    expect(
      parseSyntheticExample(
        'Thinking…\n<synthetic_example>{"answer": 5, "question": "What is 2 + 3?"}</synthetic_example>\nDone.',
        additionSignature,
      ),
    ).toEqual(expected);
    expect(
      parseSyntheticExample(
        '<synthetic_example>\n```json\n{"question": "What is 2 + 3?", "answer": 5.0}\n```\n</synthetic_example>',
        additionSignature,
      ),
    ).toEqual(expected);
  });

  it.each([
    ['{"question": "q", "answer": 1}', 'missing-block'],
    ['<synthetic_example>{"question": "q", "answer": 1}', 'unclosed-block'],
    ['<synthetic_example> </synthetic_example>', 'empty-block'],
    [
      '<synthetic_example>{"question": "q", "answer": 1}</synthetic_example><synthetic_example>{}</synthetic_example>',
      'multiple-blocks',
    ],
    ['<synthetic_example>{question: "q"}</synthetic_example>', 'invalid-json'],
    ['<synthetic_example>["q", 1]</synthetic_example>', 'invalid-json'],
    ['<synthetic_example>{"question": "q"}</synthetic_example>', 'missing-field'],
    [
      '<synthetic_example>{"question": "q", "answer": 1, "why": "x"}</synthetic_example>',
      'extra-field',
    ],
    ['<synthetic_example>{"question": "q", "answer": 1.5}</synthetic_example>', 'wrong-type'],
    ['<synthetic_example>{"question": null, "answer": 1}</synthetic_example>', 'wrong-type'],
  ])('%s → %s', (text, code) => {
    const parsed = parseSyntheticExample(text, additionSignature);
    expect(parsed).toMatchObject({ ok: false, code });
  });
});
