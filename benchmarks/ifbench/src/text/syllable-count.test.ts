import { describe, expect, it } from 'vitest';
import { countSyllables } from './syllable-count.js';

// Expected counts printed by syllapy 0.7.2 under CPython 3.11.
describe('countSyllables', () => {
  it('uses the dictionary, case-insensitively and after stripping punctuation', () => {
    expect(countSyllables('dog!!!!!')).toBe(1);
    expect(countSyllables('because')).toBe(2);
    expect(countSyllables('Norway')).toBe(2);
    expect(countSyllables('Ohio')).toBe(3);
    expect(countSyllables('the')).toBe(1);
  });

  it('falls back to vowel groups with the silent-e and consonant-le rules', () => {
    expect(countSyllables('ostentatious')).toBe(4);
    expect(countSyllables('rhythm')).toBe(1);
    expect(countSyllables('flyable')).toBe(2);
    expect(countSyllables('café')).toBe(1);
  });

  it('adds up compound words and propagates zeros from digits', () => {
    expect(countSyllables('part-time')).toBe(2);
    expect(countSyllables('one-on-one')).toBe(3);
    expect(countSyllables('naïve-ish')).toBe(2);
    expect(countSyllables('4-at-a-time')).toBe(0);
    expect(countSyllables('zero-for-2')).toBe(0);
    expect(countSyllables('--')).toBe(0);
    expect(countSyllables('')).toBe(0);
  });
});
