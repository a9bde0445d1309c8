import { describe, expect, it } from 'vitest';
import { splitIntoSentences } from './split-into-sentences.js';

// Expected lists printed by the reference splitter (8a66c06) under CPython 3.11.
describe('splitIntoSentences', () => {
  it('cuts after . ? ! and moves a closing quote before the mark', () => {
    expect(splitIntoSentences('Hello world. This is Mr. Smith! Is it? Yes!"Quote."')).toEqual([
      'Hello world.',
      'This is Mr. Smith!',
      'Is it?',
      'Yes"!',
      'Quote".',
    ]);
    expect(splitIntoSentences('He said “hi.” Then left.')).toEqual(['He said “hi”.', 'Then left.']);
  });

  it('protects titles, acronyms, decimals, ellipses and Ph.D.', () => {
    expect(splitIntoSentences('Dr. Who went to U.S.A. He said hi. Pi is 3.14... really')).toEqual([
      'Dr. Who went to U.S.A.',
      'He said hi.',
      'Pi is 3.14...',
      'really',
    ]);
    expect(splitIntoSentences('Ph.D. students rock. A. B. Cee.')).toEqual([
      'Ph.D. students rock.',
      'A. B. Cee.',
    ]);
    expect(splitIntoSentences('J. R. R. Tolkien wrote. x')).toEqual([
      'J. R. R. Tolkien wrote.',
      'x',
    ]);
  });

  it('drops the period of a company suffix before a sentence starter', () => {
    expect(splitIntoSentences('I work at Acme Inc. They pay well. See example.com now')).toEqual([
      'I work at Acme Inc',
      'They pay well.',
      'See example.com now',
    ]);
  });

  it('keeps a lone mark as its own sentence and gives nothing for empty text', () => {
    expect(splitIntoSentences('Wait... what?! ok.')).toEqual(['Wait...', 'what?', '!', 'ok.']);
    expect(splitIntoSentences('a.. b')).toEqual(['a..', 'b']);
    expect(splitIntoSentences('No end')).toEqual(['No end']);
    expect(splitIntoSentences('')).toEqual([]);
  });
});
