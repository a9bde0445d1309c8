import { describe, expect, it } from 'vitest';
import { inferSignature } from './infer-signature.js';

describe('inferSignature', () => {
  it('types each field from the first instance with a telling value', () => {
    const signature = inferSignature('Qa', [
      { id: 'a', input: { question: 'q', tags: [], meta: null }, gold: { answer: 4 } },
      {
        id: 'b',
        input: { question: 'r', tags: ['x'], meta: { depth: 2.5 }, extra: true },
        gold: { answer: 5, notes: [{ k: 1 }] },
      },
    ]);
    expect(signature.inputFields.map((field) => [field.name, field.type])).toEqual([
      ['question', 'str'],
      ['tags', 'list[str]'],
      ['meta', 'dict[str,float]'],
      ['extra', 'bool'],
    ]);
    expect(signature.outputFields.map((field) => [field.name, field.type])).toEqual([
      ['answer', 'int'],
      ['notes', 'list[dict[str,int]]'],
    ]);
  });

  it('falls back to str when no value tells the type', () => {
    const signature = inferSignature('Empty', [
      { id: 'a', input: { items: [] }, gold: { answer: null } },
    ]);
    expect(signature.inputFields[0]?.type).toBe('str');
    expect(signature.outputFields[0]?.type).toBe('str');
  });

  it('refuses an empty list and data without gold fields', () => {
    expect(() => inferSignature('None', [])).toThrow(/no instances/);
    expect(() => inferSignature('NoGold', [{ id: 'a', input: { q: 'x' }, gold: {} }])).toThrow(
      /no output field/,
    );
  });
});
