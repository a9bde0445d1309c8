import { describe, expect, it } from 'vitest';
import { normalizeTitle, retrievalScore } from './retrieval-score.js';

// Expected values printed by CPython 3.11 running DSPy's normalize_text (NFD, lower, strip
// string.punctuation, re.sub(r'\b(a|an|the)\b', ' ', …), ' '.join(s.split())).
const pythonVectors: ReadonlyArray<readonly [string, string]> = [
  ['Beyonc\u00e9', 'beyonce\u0301'],
  ['Beyonce\u0301', 'beyonce\u0301'],
  ['\u00c7a (film)', 'c\u0327 film'],
  ['The Shining (film)', 'shining film'],
  ['M.I.L.F. $', 'milf'],
  ['\u00c5land', '\u030aland'],
  ['A Tribe Called Quest', 'tribe called quest'],
  ['\u01c4', '\u01c6'],
  ['\ufb01sh', '\ufb01sh'],
  ['\u216b', '\u217b'],
];

describe('normalizeTitle', () => {
  it.each(pythonVectors)('normalises %j to %j as CPython does', (title, expected) => {
    expect(normalizeTitle(title)).toBe(expected);
  });
});

describe('retrievalScore', () => {
  const passages = [
    'The Shining (film) | The Shining is a 1980 film.',
    'Where Blood and Fire Bring Rest | An album.',
    'Beyonce\u0301 | A singer.',
    'No separator here',
  ];

  it('scores 1 when every gold title is retrieved, ignoring extra passages', () => {
    expect(
      retrievalScore(['Where Blood and Fire Bring Rest', 'The Shining (film)'], passages),
    ).toBe(1);
  });

  it('scores 0 when any gold title is missing', () => {
    expect(retrievalScore(['The Shining (film)', 'Stephen King'], passages)).toBe(0);
  });

  it('compares after NFD, case, punctuation and article normalisation', () => {
    expect(retrievalScore(['Beyoncé', 'shining film'], passages)).toBe(1);
    expect(retrievalScore(['no separator here'], passages)).toBe(1);
  });

  it('takes the title before the first " | " only', () => {
    expect(retrievalScore(['A | B'], ['A | B | text'])).toBe(0);
    expect(retrievalScore(['A'], ['A | B | text'])).toBe(1);
    expect(retrievalScore(['A|B'], ['A|B | text'])).toBe(1);
  });

  it('scores an empty gold list 1 (the empty set is a subset)', () => {
    expect(retrievalScore([], [])).toBe(1);
  });
});
