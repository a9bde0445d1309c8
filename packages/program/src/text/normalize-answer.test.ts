import { describe, expect, it } from 'vitest';
import { exactMatch, normalizeAnswer } from './normalize-answer.js';

// Expected values printed by CPython 3.11 running the official normalisation (lower, strip
// string.punctuation, re.sub(r'\b(a|an|the)\b', ' ', …), ' '.join(s.split())).
const pythonVectors: ReadonlyArray<readonly [string, string]> = [
  ['The Eiffel Tower!', 'eiffel tower'],
  ['A-ha', 'aha'],
  ['A ha', 'ha'],
  ['an apple a day', 'apple day'],
  ['the_cat', 'thecat'],
  ['Theatre', 'theatre'],
  ['\u201cThe\u201d end', '\u201c \u201d end'],
  ['Michael J. Fox', 'michael j fox'],
  ['Michael Andrew Fox', 'michael andrew fox'],
  ['a\u0301b', '\u0301b'],
  ['\u00c7a va', '\u00e7a va'],
  ['C\u0327a va', 'c\u0327 va'],
  ['x\u0085y\u001cz\u3000w\ufeffv', 'x y z w\ufeffv'],
  ['  multiple\t\tspaces\n', 'multiple spaces'],
  ['\u0130stanbul', 'i\u0307stanbul'],
  ['1,000', '1000'],
  ['U.S.A.', 'usa'],
  ['anan', 'anan'],
  ['a.n', ''],
  ['the\u2013end', '\u2013end'],
  ['THE\u2026END', '\u2026end'],
  ['An', ''],
  ['', ''],
  ['\u00bfQu\u00e9?', '\u00bfqu\u00e9'],
  ['a\u00a0b the', 'b'],
  ['x\u200by', 'x\u200by'],
  ['\u1e9e', '\u00df'],
  ['th\u00e9', 'th\u00e9'],
  ['the\u0301 cat', '\u0301 cat'],
  ['a1', 'a1'],
  ['1a', '1a'],
  ['\uff41 \uff42', '\uff41 \uff42'],
  ['the\u2028cat', 'cat'],
  ['(the) [a] {an}', ''],
];

describe('normalizeAnswer', () => {
  it.each(pythonVectors)('normalises %j to %j as CPython does', (input, expected) => {
    expect(normalizeAnswer(input)).toBe(expected);
  });

  it('removes punctuation before articles, so hyphenated articles survive', () => {
    expect(normalizeAnswer('A-ha')).toBe('aha');
    expect(normalizeAnswer('A ha')).toBe('ha');
  });

  it('keeps non-ASCII punctuation (curly quotes, dashes, ellipsis)', () => {
    expect(normalizeAnswer('“Hello”—world…')).toBe('“hello”—world…');
  });

  it('treats a combining mark as a word boundary and applies no NFD', () => {
    expect(normalizeAnswer('a\u0301b')).toBe('\u0301b');
    expect(normalizeAnswer('Ça')).not.toBe(normalizeAnswer('C\u0327a'));
  });

  it('collapses Python whitespace (U+0085, U+001C–U+001F) but not U+FEFF or U+200B', () => {
    expect(normalizeAnswer('x\u0085y\u001fz')).toBe('x y z');
    expect(normalizeAnswer('x\ufeffy x\u200by')).toBe('x\ufeffy x\u200by');
  });
});

describe('exactMatch', () => {
  it('scores 1 only when both sides normalise equally', () => {
    expect(exactMatch('the Eiffel tower.', 'Eiffel Tower')).toBe(1);
    expect(exactMatch('Michael J. Fox', 'Michael Andrew Fox')).toBe(0);
    expect(exactMatch('Yes', 'yes')).toBe(1);
    expect(exactMatch('', 'the')).toBe(1);
  });
});
