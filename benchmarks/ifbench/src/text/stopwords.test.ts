import { describe, expect, it } from 'vitest';
import { countStopwords, englishStopwords } from './stopwords.js';

describe('countStopwords', () => {
  it('counts \\w+ tokens whose lowercase form is an NLTK English stopword', () => {
    expect(englishStopwords.size).toBe(198);
    expect(countStopwords('The cat and THE dog sat on a mat')).toBe(5);
  });

  it('never matches contractions, because \\w+ splits them at the apostrophe', () => {
    // "don't" → "don" (a stopword) + "t" (a stopword); "I'm" → "I" + "m".
    expect(countStopwords("don't")).toBe(2);
    expect(countStopwords("I'm here")).toBe(3);
  });
});
