import { describe } from 'vitest';
import { type CheckerCase, expectCases } from './case-table.test-helper.js';
import { ifevalKeywordInstructions } from './ifeval-keyword-checkers.js';

// Each row was written from reading GEPA's vendored IFEval checker and its expected value
// confirmed by running that checker under CPython 3.11. langdetect ran with seed 0.
const cases: readonly CheckerCase[] = [
  ['keywords:existence', { keywords: ['water', 'cloud'] }, 'Clouds hold WATER.', true],
  ['keywords:existence', { keywords: ['water', 'cloud'] }, 'Rain is water.', false],
  ['keywords:existence', { keywords: ['a.c'] }, 'abc', true],
  [
    'keywords:frequency',
    { keyword: 'cat', frequency: 2, relation: 'at least' },
    'Cat, concatenate.',
    true,
  ],
  [
    'keywords:frequency',
    { keyword: 'cat', frequency: 2, relation: 'less than' },
    'Cat, concatenate.',
    false,
  ],
  [
    'keywords:frequency',
    { keyword: ' dog ', frequency: 1, relation: 'less than' },
    'No canines.',
    true,
  ],
  ['keywords:forbidden_words', { forbidden_words: ['cat', 'dog'] }, 'Concatenate hotdogs.', true],
  ['keywords:forbidden_words', { forbidden_words: ['cat', 'dog'] }, 'A Cat sat.', false],
  ['keywords:forbidden_words', { forbidden_words: ['café'] }, 'Un café noir.', false],
  [
    'keywords:letter_frequency',
    { letter: 'e', let_frequency: 3, let_relation: 'at least' },
    'Eels eat',
    true,
  ],
  [
    'keywords:letter_frequency',
    { letter: 'E', let_frequency: 3, let_relation: 'less than' },
    'Eels eat',
    false,
  ],
  [
    'language:response_language',
    { language: 'fr' },
    'Bonjour tout le monde, comment allez-vous?',
    true,
  ],
  ['language:response_language', { language: 'fr' }, 'Hello everyone, how are you?', false],
  ['language:response_language', { language: 'de' }, '12345 !!!', true],
  ['language:response_language', { language: 'en' }, 'ok', false],
];

describe('IFEval keyword checkers', () => {
  expectCases(ifevalKeywordInstructions, cases);
});
