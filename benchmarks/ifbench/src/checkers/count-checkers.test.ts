import { describe } from 'vitest';
import { type CheckerCase, expectCases } from './case-table.test-helper.js';
import { countInstructions } from './count-checkers.js';

// Each row was written from reading the reference checker at 8a66c06 and its expected value
// confirmed by running that checker under CPython 3.11.
const cases: readonly CheckerCase[] = [
  ['count:word_count_range', { min_words: 3, max_words: 5 }, 'one two three', true],
  ['count:word_count_range', { min_words: 3, max_words: 5 }, 'one two three four five six', false],
  ['count:word_count_range', { min_words: 3, max_words: 4 }, "don't stop-now", true],
  ['count:word_count_range', { min_words: 2, max_words: 2 }, "don't", true],
  ['count:unique_word_count', { N: 3 }, 'The the THE cat sat.', true],
  ['count:unique_word_count', { N: 4 }, 'The the THE cat sat.', false],
  ['count:unique_word_count', { N: 4 }, 'cat ... dog !! bird', true],
  ['count:unique_word_count', { N: 5 }, 'cat ... dog !! bird', false],
  ['count:conjunctions', { small_n: 3 }, 'and And, AND', true],
  ['count:conjunctions', { small_n: 2 }, 'cats and dogs and birds', false],
  ['count:conjunctions', { small_n: 2 }, 'cats and dogs, but not birds', true],
  ['count:conjunctions', { small_n: 1 }, 'android sandwich', false],
  ['count:person_names', { N: 2 }, 'Leonardo met Emmanuel.', true],
  ['count:person_names', { N: 2 }, 'leo met emma.', false],
  ['count:person_names', { N: 3 }, 'Noah, Noah and Ava', false],
  ['count:numbers', { N: 2 }, 'I have 3.5 apples and 1,000 pears', true],
  ['count:numbers', { N: 3 }, 'I have 3.5 apples and 1,000 pears', false],
  ['count:numbers', { N: 1 }, 'Call 555-1234 now', true],
  ['count:numbers', { N: 0 }, 'none here', true],
  ['count:punctuation', {}, 'Really?! Yes. No, maybe; ok: fine! Why?', true],
  ['count:punctuation', {}, 'Really?! Yes. No, maybe; ok: fine!', false],
  ['count:punctuation', {}, 'Really‽ Yes. No, maybe; ok: fine! Why?', true],
  ['count:punctuation', {}, 'Yes. No, maybe; ok: fine! Why?', false],
  ['count:punctuation', {}, 'What!? Yes. No, maybe; ok: fine?!', true],
  ['count:words_japanese', { N: 2 }, 'I 猫 like いぬ very カタカナ', true],
  ['count:words_japanese', { N: 2 }, 'I cat like いぬ', false],
  ['count:words_japanese', { N: 2 }, 'I 42 like ... and 猫.', true],
  ['count:words_japanese', { N: 0 }, 'a b', 'raises'],
  ['count:words_japanese', { N: 0 }, '', true],
  ['count:pronouns', { N: 3 }, 'She/her/hers is fine.', true],
  ['count:pronouns', { N: 4 }, 'She/her/hers is fine.', false],
  ['count:pronouns', { N: 2 }, "I'm sure they're here", false],
  ['count:pronouns', { N: 1 }, "I'm sure they're here", false],
  [
    'count:keywords_multiple',
    { keyword1: 'a1', keyword2: 'b2', keyword3: 'c3', keyword4: 'd4', keyword5: 'e5' },
    'A1 b2 B2 c3 c3 c3 d4 d4 d4 d4 d4 e5 e5 e5 e5 e5 e5 e5',
    true,
  ],
  [
    'count:keywords_multiple',
    { keyword1: 'a1', keyword2: 'b2', keyword3: 'c3', keyword4: 'd4', keyword5: 'e5' },
    'A1 b2 B2 c3 c3 c3 d4 d4 d4 d4 e5 e5 e5 e5 e5 e5 e5',
    false,
  ],
  [
    'count:keywords_multiple',
    { keyword1: ' cat ', keyword2: 'dog', keyword3: 'x', keyword4: 'y', keyword5: 'z' },
    'concatenate dogdog x x x y y y y y z z z z z z z',
    true,
  ],
];

describe('count checkers', () => {
  expectCases(countInstructions, cases);
});
