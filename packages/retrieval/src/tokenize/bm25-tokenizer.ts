import { stemEnglish } from './english-stemmer.js';

/**
 * The English stop words bm25s removes with `stopwords="en"` (Lucene's classic English set),
 * which is how the GEPA artifact tokenized both the wiki-abstracts corpus and its queries.
 */
export const englishStopwords: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'but',
  'by',
  'for',
  'if',
  'in',
  'into',
  'is',
  'it',
  'no',
  'not',
  'of',
  'on',
  'or',
  'such',
  'that',
  'the',
  'their',
  'then',
  'there',
  'these',
  'they',
  'this',
  'to',
  'was',
  'will',
  'with',
]);

// bm25s splits with Python's `(?u)\b\w\w+\b`: runs of two or more Unicode word characters
// (letters, numbers, underscore; combining marks are not word characters). ASCII is classified
// inline for speed; other code points go through the Unicode property test.
const nonAsciiWordCharacter = /^[\p{L}\p{N}]$/u;

function isWordCodePoint(code: number): boolean {
  if (code < 0x80) {
    return (
      (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x30 && code <= 0x39) ||
      code === 0x5f ||
      (code >= 0x41 && code <= 0x5a)
    );
  }
  return nonAsciiWordCharacter.test(String.fromCodePoint(code));
}

/**
 * The raw tokens bm25s keeps before stemming: lower-cased runs of two or more word characters,
 * English stop words dropped, in text order (repeats kept).
 */
export function splitBm25Tokens(text: string): string[] {
  const lower = text.toLowerCase();
  const tokens: string[] = [];
  let start = -1;
  let characters = 0;
  let index = 0;
  for (;;) {
    const atEnd = index >= lower.length;
    const code = atEnd ? 0x20 : (lower.codePointAt(index) as number);
    if (!atEnd && isWordCodePoint(code)) {
      if (start < 0) {
        start = index;
        characters = 0;
      }
      characters++;
    } else {
      if (start >= 0 && characters >= 2) {
        const token = lower.slice(start, index);
        if (!englishStopwords.has(token)) tokens.push(token);
      }
      start = -1;
    }
    if (atEnd) return tokens;
    index += code > 0xffff ? 2 : 1;
  }
}

/**
 * Splits text into BM25 terms the way the GEPA artifact's bm25s index does: lower-case, runs of
 * two or more word characters, English stop words dropped, Snowball English stems. Repeated
 * terms stay repeated (they count in document length and in query weight).
 */
export function tokenizeForBm25(text: string): string[] {
  return splitBm25Tokens(text).map(stemEnglish);
}
