import { describe, expect, it } from 'vitest';
import { englishStopwords, splitBm25Tokens, tokenizeForBm25 } from './bm25-tokenizer.js';

describe('splitBm25Tokens', () => {
  it('lower-cases and keeps runs of two or more word characters', () => {
    expect(splitBm25Tokens('Hello, World! I am X-ray 7 42 snake_case')).toEqual([
      'hello',
      'world',
      'am',
      'ray',
      '42',
      'snake_case',
    ]);
  });

  it('drops the 33 bm25s English stop words before stemming', () => {
    expect(englishStopwords.size).toBe(33);
    expect(splitBm25Tokens('The cat is on the mat and it was there')).toEqual(['cat', 'mat']);
  });

  it('treats Unicode letters and digits as word characters but not combining marks', () => {
    expect(splitBm25Tokens('Beyoncé Ça ２０１７')).toEqual(['beyoncé', 'ça', '２０１７']);
    // NFD splits "é" into "e" + U+0301, a combining mark: the word breaks there.
    expect(splitBm25Tokens('Beyonce\u0301s')).toEqual(['beyonce']);
  });
});

describe('tokenizeForBm25', () => {
  it('stems every kept token and keeps repeats', () => {
    expect(tokenizeForBm25('Running runners ran; running!')).toEqual([
      'run',
      'runner',
      'ran',
      'run',
    ]);
  });
});

describe('splitBm25Tokens matches the reference regex', () => {
  it('agrees with (?u)\\b\\w\\w+\\b on mixed scripts, astral letters and marks', () => {
    const reference = (text: string) =>
      [...text.toLowerCase().matchAll(/[\p{L}\p{N}_]{2,}/gu)]
        .map((match) => match[0])
        .filter((token) => !englishStopwords.has(token));
    const samples = [
      'Ünïcödé ÄBC déjà-vu naïve façade',
      '\u{1d49c}\u{1d49e} x\u{1d49c} 日本語テキスト 한국어 Ελληνικά Кириллица',
      'e\u0301t\u00e9 a\u0308b ٣٤٥ ½¾ Ⅻ ²³',
      'İstanbul ẞtraße ǅemal under_score __ _a',
      '\u0085\u00a0\u2028tabs\there\nnew\rline',
    ];
    for (const sample of samples) expect(splitBm25Tokens(sample)).toEqual(reference(sample));
  });
});
