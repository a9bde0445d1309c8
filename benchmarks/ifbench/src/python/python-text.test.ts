import { describe, expect, it } from 'vitest';
import {
  countWords,
  findDigitRuns,
  findWords,
  foldToAscii,
  isPythonDigit,
  isPythonLower,
  isPythonUpper,
  pythonCount,
  pythonLength,
  removePunctuation,
  stripPunctuationAndSpace,
} from './python-text.js';

// Expected values printed by CPython 3.11.
describe('Python str semantics', () => {
  it('removes ASCII punctuation only and strips punctuation with spaces', () => {
    expect(removePunctuation('Ab, c!')).toBe('Ab c');
    expect(stripPunctuationAndSpace('..¡Hola!..')).toBe('¡Hola');
  });

  it('counts non-overlapping substrings, and len + 1 for the empty string', () => {
    expect(pythonCount('aaaa', 'aa')).toBe(2);
    expect(pythonCount('abc', '')).toBe(4);
    expect(pythonLength('a😀b')).toBe(3);
  });

  it('reproduces isdigit, islower and isupper', () => {
    expect(['²', '①', '٣', '½', ''].map(isPythonDigit)).toEqual([true, true, true, false, false]);
    expect(['Hello', 'hello 1', '1', 'ǅ', 'ß'].map(isPythonLower)).toEqual([
      false,
      true,
      false,
      false,
      true,
    ]);
    expect(['ǅ', 'ABC1', 'AbC'].map(isPythonUpper)).toEqual([false, true, false]);
  });

  it('folds NFKD to ASCII by dropping what is left over', () => {
    expect(foldToAscii('São Tomé ﬁ 東')).toBe('Sao Tome fi ');
  });

  it('matches \\w+ and \\d+ with Python Unicode classes (marks split words)', () => {
    expect(findWords('naïve café_x ٣٤ हिंदी ²')).toEqual(['naïve', 'café_x', '٣٤', 'ह', 'द', '²']);
    expect(countWords('naïve café_x ٣٤ हिंदी ²')).toBe(6);
    expect(findDigitRuns('٣4 ² 5')).toEqual(['٣4', '5']);
  });
});
