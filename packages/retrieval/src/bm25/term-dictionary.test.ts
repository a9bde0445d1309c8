import { describe, expect, it } from 'vitest';
import { TermDictionary } from './term-dictionary.js';

function dictionary(terms: readonly string[]): TermDictionary {
  const encoded = terms.map((term) => Buffer.from(term));
  const offsets = new Uint32Array(terms.length + 1);
  encoded.forEach((bytes, index) => {
    offsets[index + 1] = (offsets[index] as number) + bytes.length;
  });
  const blob = Buffer.concat(encoded);
  return new TermDictionary(blob, offsets, TermDictionary.buildSlots(blob, offsets));
}

describe('TermDictionary', () => {
  it('finds every term by id, including non-ASCII and astral ones, and misses absent ones', () => {
    const terms = ['alpha', 'beta', 'gamma', '\uff41', '\u{1d49c}', 'caf\u00e9', ''];
    const lookup = dictionary(terms);
    expect(terms.map((term) => lookup.find(term))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(lookup.termAt(4)).toBe('\u{1d49c}');
    expect(['alph', 'betas', 'cafe', 'zz'].map((term) => lookup.find(term))).toEqual([
      -1, -1, -1, -1,
    ]);
  });

  it('resolves collisions in a full table of many terms', () => {
    const terms = Array.from({ length: 5000 }, (_, index) => `term${index}`);
    const lookup = dictionary(terms);
    expect(terms.every((term, index) => lookup.find(term) === index)).toBe(true);
    expect(lookup.find('term5000')).toBe(-1);
    expect(lookup.size).toBe(5000);
  });
});
