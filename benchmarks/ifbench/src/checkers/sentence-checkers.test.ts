import { describe } from 'vitest';
import { type CheckerCase, expectCases } from './case-table.test-helper.js';
import { sentenceInstructions } from './sentence-checkers.js';

// Each row was written from reading the reference checker at 8a66c06 and its expected value
// confirmed by running that checker under CPython 3.11.
const cases: readonly CheckerCase[] = [
  [
    'sentence:alliteration_increment',
    {},
    'Big cat. Big bad bear. Silly snakes slither slowly.',
    true,
  ],
  ['sentence:alliteration_increment', {}, 'Big bad bear. Big cat.', false],
  ['sentence:alliteration_increment', {}, 'No match here.', true],
  ['sentence:alliteration_increment', {}, 'A cat. Dogs dig deep. Two tall trees tower.', true],
  ['sentence:alliteration_increment', {}, '(Big) [bad] cat. Silly, snakes slither slowly.', true],
  ['sentence:alliteration_increment', {}, 'Bob ran. Bob bit.', true],
  ['sentence:keyword', { word: 'giraffe', N: 2 }, 'Hello there. I love giraffes.', true],
  ['sentence:keyword', { word: 'giraffe', N: 2 }, 'I love giraffes. Hello there.', false],
  ['sentence:keyword', { word: 'Giraffe', N: 1 }, 'GIRAFFE time', true],
  ['sentence:keyword', { word: 'cat', N: 3 }, 'A cat. Another cat.', false],
  ['sentence:keyword', { word: 'cat', N: 0 }, 'A dog. The cat.', true],
  ['sentence:keyword', { word: 'cat', N: 0 }, '', 'raises'],
  ['sentence:increment', { small_n: 1 }, 'One. One two. One two three.', true],
  ['sentence:increment', { small_n: 1 }, 'One. One two. One two.', false],
  ['sentence:increment', { small_n: 2 }, 'Hi there. This is a test now.', false],
  ['sentence:increment', { small_n: 1 }, 'Hi - there. This is - fine.', true],
  ['sentence:increment', { small_n: 1 }, 'Just one sentence here.', true],
  ['sentence:increment', { small_n: 1 }, '', 'raises'],
];

describe('sentence checkers', () => {
  expectCases(sentenceInstructions, cases);
});
