import { describe, expect, it } from 'vitest';
import { coerceToSignature } from './coerce-to-signature.js';
import { defineSignature } from './define-signature.js';

const signature = defineSignature({
  name: 'Example',
  inputFields: [
    { name: 'question', type: 'str', description: 'The question.' },
    { name: 'options', type: 'list[str]', description: 'Choices.' },
  ],
  outputFields: [
    { name: 'answer', type: 'int', description: 'Answer.' },
    { name: 'confidence', type: 'float', description: 'Confidence.' },
    { name: 'flags', type: 'dict[int,bool]', description: 'Flags.' },
  ],
});

const good = {
  question: 'What is 17 + 28?',
  options: ['45', '46'],
  answer: 45,
  confidence: 1,
  flags: { '1': true, '-2': false },
};

describe('coerceToSignature', () => {
  it('splits a well-typed object into inputs and gold fields', () => {
    expect(coerceToSignature(good, signature)).toEqual({
      ok: true,
      input: { question: 'What is 17 + 28?', options: ['45', '46'] },
      gold: { answer: 45, confidence: 1, flags: { '1': true, '-2': false } },
      converted: [],
    });
  });

  it('converts what converts losslessly, and names every converted path', () => {
    const result = coerceToSignature(
      {
        question: 17,
        options: '["45", 46]',
        answer: ' 45 ',
        confidence: '0.75',
        flags: '{"1": "True", "2": false}',
      },
      signature,
    );
    expect(result).toEqual({
      ok: true,
      input: { question: '17', options: ['45', '46'] },
      gold: { answer: 45, confidence: 0.75, flags: { '1': true, '2': false } },
      converted: ['question', 'options', 'options[1]', 'answer', 'confidence', 'flags', 'flags.1'],
    });
  });

  it.each([
    ['answer', '4.5', 'expected an integer, got the string "4.5"'],
    ['answer', '45.0', 'expected an integer'],
    ['answer', '9007199254740993', 'expected an integer'],
    ['answer', 'forty-five', 'expected an integer'],
    ['answer', true, 'expected an integer'],
    ['confidence', '1e400', 'expected a number'],
    ['confidence', 'NaN', 'expected a number'],
    ['confidence', '0x10', 'expected a number'],
    ['flags', '{"1": "yes"}', 'expected true or false'],
    ['flags', '{"1": 1}', 'expected true or false'],
    ['options', '["a"', 'expected an array'],
    ['options', '{"a": 1}', 'expected an array'],
    ['question', false, 'expected a string'],
  ])('does not guess: %s = %j is rejected', (field, value, reason) => {
    const result = coerceToSignature({ ...good, [field]: value }, signature);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it('in strict mode takes only values already of the declared type', () => {
    expect(coerceToSignature({ ...good, answer: '45' }, signature, { mode: 'strict' })).toEqual({
      ok: false,
      field: 'answer',
      reason: 'expected an integer, got the string "45"',
    });
    expect(coerceToSignature(good, signature, { mode: 'strict' }).ok).toBe(true);
  });

  it.each([
    [{ ...good, extra: 1 }, 'extra', 'not declared'],
    [{ ...good, answer: undefined }, 'answer', 'missing'],
    [{ ...good, answer: 45.5 }, 'answer', 'expected an integer'],
    [{ ...good, confidence: null }, 'confidence', 'got null'],
    [{ ...good, options: ['a', null] }, 'options[1]', 'expected a string'],
    [{ ...good, options: 'a' }, 'options', 'expected an array'],
    [{ ...good, flags: { x: true } }, 'flags.x', 'dict key must be an integer'],
    [{ ...good, flags: { '1': 'yes' } }, 'flags.1', 'expected true or false'],
  ])('rejects %j at %s', (value, field, reason) => {
    const clean = JSON.parse(JSON.stringify(value));
    const result = coerceToSignature(clean, signature);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.field).toBe(field);
      expect(result.reason).toContain(reason);
    }
  });

  it('takes objects of an object type with exactly their declared fields, naming the path of a problem', () => {
    const reviews = defineSignature({
      name: 'Reviews',
      inputFields: [{ name: 'review', type: 'str', description: '' }],
      outputFields: [{ name: 'aspects', type: 'list[{aspect:str,score:int}]', description: '' }],
    });
    const aspects = [
      { aspect: 'battery', score: 2 },
      { aspect: 'screen', score: '5' },
    ];
    expect(coerceToSignature({ review: 'r', aspects }, reviews)).toEqual({
      ok: true,
      input: { review: 'r' },
      gold: { aspects: [aspects[0], { aspect: 'screen', score: 5 }] },
      converted: ['aspects[1].score'],
    });
    // A JSON-encoded array of objects converts as a whole, as a list does.
    expect(
      coerceToSignature({ review: 'r', aspects: JSON.stringify(aspects) }, reviews),
    ).toMatchObject({ ok: true, converted: ['aspects', 'aspects[1].score'] });
    expect(
      coerceToSignature({ review: 'r', aspects: [{ aspect: 'x', score: 1, mood: 'ok' }] }, reviews),
    ).toEqual({ ok: false, field: 'aspects[0].mood', reason: 'field is not declared by the type' });
    expect(coerceToSignature({ review: 'r', aspects: [{ aspect: 'x' }] }, reviews)).toEqual({
      ok: false,
      field: 'aspects[0].score',
      reason: 'declared field is missing',
    });
    expect(coerceToSignature({ review: 'r', aspects: ['battery'] }, reviews)).toEqual({
      ok: false,
      field: 'aspects[0]',
      reason: 'expected an object with aspect, score, got the string "battery"',
    });
    // Strict mode takes no encoded object and no string score.
    expect(coerceToSignature({ review: 'r', aspects }, reviews, { mode: 'strict' })).toMatchObject({
      ok: false,
      field: 'aspects[1].score',
    });
  });

  it('rejects non-objects', () => {
    expect(coerceToSignature([good], signature)).toEqual({
      ok: false,
      field: '',
      reason: 'expected a JSON object, got an array',
    });
  });
});

describe('defineSignature', () => {
  it('rejects duplicate names, bad types and signatures without outputs', () => {
    expect(() =>
      defineSignature({
        name: 'S',
        inputFields: [{ name: 'a', type: 'str', description: '' }],
        outputFields: [{ name: 'a', type: 'str', description: '' }],
      }),
    ).toThrow('declared twice');
    expect(() =>
      defineSignature({
        name: 'S',
        inputFields: [],
        outputFields: [{ name: 'a', type: 'text', description: '' }],
      }),
    ).toThrow('unknown type "text"');
    expect(() => defineSignature({ name: 'S', inputFields: [], outputFields: [] })).toThrow(
      'no output field',
    );
  });
});
