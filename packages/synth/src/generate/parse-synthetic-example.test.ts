import { defineSignature } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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

  it('reads nested gold (an array of objects) and names the path of a problem inside it', () => {
    const reviews = defineSignature({
      name: 'Reviews',
      input: z.object({ review: z.string() }),
      output: z.object({
        aspects: z.array(
          z.object({ aspect: z.string(), sentiment: z.enum(['positive', 'negative']) }),
        ),
      }),
    });
    const gold = { aspects: [{ aspect: 'fan', sentiment: 'negative' }] };
    const answer = (value: unknown) =>
      `<synthetic_example>${JSON.stringify({ review: 'Loud fan.', ...(value as object) })}</synthetic_example>`;
    expect(parseSyntheticExample(answer(gold), reviews)).toEqual({
      ok: true,
      input: { review: 'Loud fan.' },
      gold,
      converted: [],
    });
    expect(parseSyntheticExample(answer({ aspects: [{ aspect: 'fan' }] }), reviews)).toEqual({
      ok: false,
      code: 'wrong-type',
      reason: 'field "aspects[0].sentiment": declared field is missing',
    });
    // The enum is the schema's to check (synthesis rejects it as schema-mismatch).
    const outside = { aspects: [{ aspect: 'fan', sentiment: 'meh' }] };
    expect(
      reviews
        .checkInstance?.({ input: { review: 'Loud fan.' }, gold: outside })
        .map((problem) => problem.path),
    ).toEqual(['gold.aspects.0.sentiment']);
  });
});
