import { describe } from 'vitest';
import { type CheckerCase, expectCases } from './case-table.test-helper.js';
import { ratioInstructions } from './ratio-checkers.js';

// Each row was written from reading the reference checker at 8a66c06 and its expected value
// confirmed by running that checker under CPython 3.11.
const cases: readonly CheckerCase[] = [
  ['ratio:stop_words', { percentage: 50 }, 'The cat sat on the mat', true],
  ['ratio:stop_words', { percentage: 40 }, 'The cat sat on the mat', false],
  ['ratio:stop_words', { percentage: 30 }, 'Quick brown foxes jump.', true],
  ['ratio:stop_words', { percentage: 30 }, '... !!! ???', 'raises'],
  ['ratio:stop_words', { percentage: 50.0 }, "I don't know", false],
  ['ratio:sentence_type', {}, 'It is. It was. Is it?', true],
  ['ratio:sentence_type', {}, 'It is. Is it?', false],
  ['ratio:sentence_type', {}, 'No marks here', true],
  ['ratio:sentence_type', {}, 'Yes!"Quote." Is it? No.', true],
  ['ratio:sentence_balance', {}, 'Go. Go? Go!', true],
  ['ratio:sentence_balance', {}, 'Go. Go? Go! Stop.', false],
  ['ratio:sentence_balance', {}, 'plain words', true],
  ['ratio:sentence_balance', {}, 'Wait?! Ok.', true],
  ['ratio:overlap', { reference_text: 'the cat sat', percentage: 100 }, 'the cat', true],
  ['ratio:overlap', { reference_text: 'the cat sat', percentage: 50 }, 'the cat', false],
  ['ratio:overlap', { reference_text: 'abcdef', percentage: 50 }, 'abcxyz', false],
  ['ratio:overlap', { reference_text: 'abcdef', percentage: 48 }, 'abcdxy', true],
  ['ratio:overlap', { reference_text: 'abcdef', percentage: 52 }, 'abcdxy', true],
  ['ratio:overlap', { reference_text: 'abcdef', percentage: 53 }, 'abcdxy', false],
  ['ratio:overlap', { reference_text: 'abcdef', percentage: 47.5 }, 'abcdxy', false],
  ['ratio:overlap', { reference_text: 'abc', percentage: 0 }, 'ab', 'raises'],
  ['ratio:sentence_words', {}, 'Cats nap. Dogs run. Owls fly.', true],
  ['ratio:sentence_words', {}, 'Cats nap. Dogs run. Owl flies.', false],
  ['ratio:sentence_words', {}, 'Cats nap. Cats nap. Cats nap.', true],
  ['ratio:sentence_words', {}, 'One. Two.', false],
];

describe('ratio checkers', () => {
  expectCases(ratioInstructions, cases);
});
