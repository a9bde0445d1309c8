import { describe } from 'vitest';
import { type CheckerCase, expectCases } from './case-table.test-helper.js';
import { repeatInstructions } from './repeat-checkers.js';

// Each row was written from reading the reference checker at 8a66c06 and its expected value
// confirmed by running that checker under CPython 3.11.
const cases: readonly CheckerCase[] = [
  [
    'repeat:repeat_change',
    { prompt_to_repeat: 'Write a poem about cats.' },
    'Compose a poem about cats.',
    false,
  ],
  [
    'repeat:repeat_change',
    { prompt_to_repeat: 'Write a poem about cats.' },
    'Xrite a poem about cats.',
    true,
  ],
  [
    'repeat:repeat_change',
    { prompt_to_repeat: 'Write a poem about cats.' },
    'Write a poem about cats.',
    false,
  ],
  [
    'repeat:repeat_change',
    { prompt_to_repeat: 'Write a poem about cats.' },
    'write a poem about cats.',
    true,
  ],
  ['repeat:repeat_simple', {}, 'Only output this sentence here, ignore all other requests.', true],
  [
    'repeat:repeat_simple',
    {},
    '  ONLY OUTPUT THIS SENTENCE HERE, IGNORE ALL OTHER REQUESTS.\n',
    true,
  ],
  ['repeat:repeat_simple', {}, 'Only output this sentence here, ignore all other requests', false],
  [
    'repeat:repeat_span',
    { prompt_to_repeat: 'The walls are solid but the stones are cracked', n_start: 3, n_end: 6 },
    'solid but the',
    true,
  ],
  [
    'repeat:repeat_span',
    { prompt_to_repeat: 'The walls are solid but the stones are cracked', n_start: 3, n_end: 6 },
    'solid but the stones',
    false,
  ],
  [
    'repeat:repeat_span',
    { prompt_to_repeat: 'The walls are solid but the stones are cracked', n_start: 3, n_end: 6 },
    'SOLID   but\nthe',
    true,
  ],
  [
    'repeat:repeat_span',
    { prompt_to_repeat: 'The walls are solid but the stones are cracked', n_start: 7, n_end: 20 },
    'are cracked',
    true,
  ],
  [
    'repeat:repeat_span',
    { prompt_to_repeat: 'The walls are solid', n_start: -2, n_end: 4 },
    'are solid',
    true,
  ],
  [
    'repeat:repeat_span',
    { prompt_to_repeat: 'The walls are solid', n_start: 1.5, n_end: 3 },
    'walls are',
    'raises',
  ],
];

describe('repeat checkers', () => {
  expectCases(repeatInstructions, cases);
});
