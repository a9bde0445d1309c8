import { describe } from 'vitest';
import { type CheckerCase, expectCases } from './case-table.test-helper.js';
import { ifevalFormatInstructions } from './ifeval-format-checkers.js';

// Each row was written from reading GEPA's vendored IFEval checker and its expected value
// confirmed by running that checker under CPython 3.11. langdetect ran with seed 0; word_tokenize from NLTK source.
const cases: readonly CheckerCase[] = [
  ['detectable_format:number_bullet_lists', { num_bullets: 2 }, '* one\n* two', true],
  ['detectable_format:number_bullet_lists', { num_bullets: 2 }, '* one\n- two\n**bold**', true],
  ['detectable_format:number_bullet_lists', { num_bullets: 2 }, '* one\n* two\n- three', false],
  ['detectable_format:number_bullet_lists', { num_bullets: 1 }, '\n\n* one', true],
  ['detectable_format:constrained_response', {}, 'Well... My answer is maybe.', true],
  ['detectable_format:constrained_response', {}, 'My answer is perhaps.', false],
  ['detectable_format:number_highlighted_sections', { num_highlights: 2 }, '*one* and *two*', true],
  ['detectable_format:number_highlighted_sections', { num_highlights: 2 }, '**bold** text', false],
  ['detectable_format:number_highlighted_sections', { num_highlights: 2 }, '* * and *a*', false],
  [
    'detectable_format:multiple_sections',
    { section_spliter: 'Section', num_sections: 2 },
    'Section 1\nA\nSection 2\nB',
    true,
  ],
  [
    'detectable_format:multiple_sections',
    { section_spliter: 'Section', num_sections: 2 },
    'Section 1\nA\nSECTION 2\nB',
    false,
  ],
  ['detectable_format:json_format', {}, '```json\n{"a": 1}\n```', true],
  ['detectable_format:json_format', {}, '{"a": NaN}', true],
  ['detectable_format:json_format', {}, 'Here: {"a": 1}', false],
  ['detectable_format:json_format', {}, '```\n[1, 2,]\n```', false],
  ['detectable_format:title', {}, '<<My Poem>>\nRoses.', true],
  ['detectable_format:title', {}, '<< >> untitled', false],
  ['combination:two_responses', {}, 'First answer.\n******\nSecond answer.', true],
  ['combination:two_responses', {}, 'Same.\n******\nSame.', false],
  ['combination:two_responses', {}, 'A\n******\n\n******\nB', false],
  [
    'combination:repeat_prompt',
    { prompt_to_repeat: 'Write a poem.' },
    '  write a POEM. Roses are red.',
    true,
  ],
  [
    'combination:repeat_prompt',
    { prompt_to_repeat: 'Write a poem.' },
    'Sure! Write a poem.',
    false,
  ],
  [
    'startend:end_checker',
    { end_phrase: 'Any other questions?' },
    'Done. any other questions?"',
    true,
  ],
  [
    'startend:end_checker',
    { end_phrase: 'Any other questions?' },
    'Any other questions? Bye.',
    false,
  ],
  [
    'change_case:capital_word_frequency',
    { capital_frequency: 2, capital_relation: 'at least' },
    'THE CAT is HERE',
    true,
  ],
  [
    'change_case:capital_word_frequency',
    { capital_frequency: 2, capital_relation: 'less than' },
    'THE CAT is HERE',
    false,
  ],
  ['change_case:english_capital', {}, 'THIS IS ALL CAPS ENGLISH TEXT', true],
  ['change_case:english_capital', {}, 'This is not all caps.', false],
  ['change_case:english_capital', {}, 'ЭТО ЗАГЛАВНЫЕ БУКВЫ', false],
  [
    'change_case:english_lowercase',
    {},
    'all lowercase english sentence without any capitals at all.',
    true,
  ],
  ['change_case:english_lowercase', {}, 'bonjour tout le monde, comment allez-vous?', false],
  ['change_case:english_lowercase', {}, 'Not lowercase.', false],
  ['punctuation:no_comma', {}, 'No commas here.', true],
  ['punctuation:no_comma', {}, 'Yes, a comma.', false],
  ['startend:quotation', {}, '  "Quoted text."  ', true],
  ['startend:quotation', {}, '"', false],
  ['startend:quotation', {}, "'Single quoted'", false],
];

describe('IFEval format checkers', () => {
  expectCases(ifevalFormatInstructions, cases);
});
