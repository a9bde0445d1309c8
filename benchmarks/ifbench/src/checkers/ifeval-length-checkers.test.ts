import { describe } from 'vitest';
import { type CheckerCase, expectCases } from './case-table.test-helper.js';
import { ifevalLengthInstructions } from './ifeval-length-checkers.js';

// Each row was written from reading GEPA's vendored IFEval checker and its expected value
// confirmed by running that checker under CPython 3.11. Sentences come from Punkt with the parameters this package ships.
const cases: readonly CheckerCase[] = [
  [
    'length_constraints:number_sentences',
    { num_sentences: 3, relation: 'at least' },
    'One. Two. Three.',
    true,
  ],
  [
    'length_constraints:number_sentences',
    { num_sentences: 3, relation: 'at least' },
    'Dr. Smith came. He left.',
    false,
  ],
  [
    'length_constraints:number_sentences',
    { num_sentences: 2, relation: 'less than' },
    'Just one sentence here',
    true,
  ],
  [
    'length_constraints:number_paragraphs',
    { num_paragraphs: 2 },
    'First part.\n***\nSecond part.',
    true,
  ],
  [
    'length_constraints:number_paragraphs',
    { num_paragraphs: 2 },
    '***\nFirst.\n***\nSecond.\n***',
    true,
  ],
  [
    'length_constraints:number_paragraphs',
    { num_paragraphs: 2 },
    'First.\n***\n***\nSecond.',
    false,
  ],
  ['length_constraints:number_paragraphs', { num_paragraphs: 3 }, 'First.\n***\nSecond.', false],
  [
    'length_constraints:number_words',
    { num_words: 5, relation: 'less than' },
    'one two three four',
    true,
  ],
  [
    'length_constraints:number_words',
    { num_words: 4, relation: 'less than' },
    'one two three four',
    false,
  ],
  [
    'length_constraints:number_words',
    { num_words: 3, relation: 'at least' },
    "don't stop-now",
    true,
  ],
  [
    'length_constraints:nth_paragraph_first_word',
    { num_paragraphs: 2, nth_paragraph: 2, first_word: 'total' },
    'Intro.\n\n"Total, yes."',
    true,
  ],
  [
    'length_constraints:nth_paragraph_first_word',
    { num_paragraphs: 2, nth_paragraph: 2, first_word: 'total' },
    'Intro.\n\nSum total.',
    false,
  ],
  [
    'length_constraints:nth_paragraph_first_word',
    { num_paragraphs: 2, nth_paragraph: 2, first_word: 'total' },
    'Intro.\n\n\n\nTotal.',
    false,
  ],
  [
    'length_constraints:nth_paragraph_first_word',
    { num_paragraphs: 1, nth_paragraph: 1, first_word: 'Total' },
    "total's fine",
    true,
  ],
  [
    'detectable_content:number_placeholders',
    { num_placeholders: 2 },
    'Send to [name] at [address].',
    true,
  ],
  [
    'detectable_content:number_placeholders',
    { num_placeholders: 2 },
    'Send to [name\n] at [address].',
    false,
  ],
  ['detectable_content:postscript', { postscript_marker: 'P.S.' }, 'Bye.\nP. S. see you', true],
  ['detectable_content:postscript', { postscript_marker: 'P.S.' }, 'Bye.\nPS see you', false],
  ['detectable_content:postscript', { postscript_marker: 'P.P.S' }, 'Bye.\np.p.s. more', true],
  ['detectable_content:postscript', { postscript_marker: 'Note:' }, 'Bye.\nnote: later', true],
];

describe('IFEval length and content checkers', () => {
  expectCases(ifevalLengthInstructions, cases);
});
