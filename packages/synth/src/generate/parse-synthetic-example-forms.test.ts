import { misbehave } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { additionSignature } from '../__fixtures__/modes.js';
import { parseSyntheticExample } from './parse-synthetic-example.js';

const answer = '<synthetic_example>{"question": "What is 2 + 3?", "answer": 5}</synthetic_example>';

describe('parseSyntheticExample on what real models add', () => {
  it.each(['reasoning', 'chatter', 'fence'] as const)('reads the example through %s', (form) => {
    const spoiled = misbehave(answer, form);
    expect(
      parseSyntheticExample(spoiled.text, additionSignature, {
        finishReason: spoiled.finishReason,
      }),
    ).toMatchObject({ ok: true, gold: { answer: 5 } });
  });

  it.each([
    ['truncated', 'truncated'],
    ['empty', 'empty'],
  ] as const)('reports a %s answer as %s', (form, code) => {
    const spoiled = misbehave(answer, form);
    expect(
      parseSyntheticExample(spoiled.text, additionSignature, {
        finishReason: spoiled.finishReason,
      }),
    ).toMatchObject({ ok: false, code });
  });

  it('never uses a complete-looking answer that was cut off at the token limit', () => {
    expect(
      parseSyntheticExample(answer, additionSignature, { finishReason: 'length' }),
    ).toMatchObject({ ok: false, code: 'truncated' });
  });
});
