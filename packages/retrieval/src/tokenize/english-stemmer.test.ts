import { describe, expect, it } from 'vitest';
import { stemEnglish } from './english-stemmer.js';

// Pairs from the Snowball project's English test vocabulary (snowball-data, output as of
// Snowball 2.2.0), chosen to hit every step: plurals (1a), -ed/-ing with undoubling and
// e-restoration (1b), y→i (1c), derivational suffixes in R1/R2 (2–4), final e/l (5), the
// gener/commun prefixes, the exception lists and the y/Y marking.
const snowballPairs: ReadonlyArray<readonly [string, string]> = [
  ['caresses', 'caress'],
  ['ponies', 'poni'],
  ['ties', 'tie'],
  ['cries', 'cri'],
  ['gas', 'gas'],
  ['gaps', 'gap'],
  ['agreed', 'agre'],
  ['feed', 'feed'],
  ['proceed', 'proceed'],
  ['exceeding', 'exceed'],
  ['succeeded', 'succeed'],
  ['luxuriating', 'luxuri'],
  ['hopping', 'hop'],
  ['hoped', 'hope'],
  ['hoping', 'hope'],
  ['filing', 'file'],
  ['falling', 'fall'],
  ['sized', 'size'],
  ['cry', 'cri'],
  ['by', 'by'],
  ['say', 'say'],
  ['generous', 'generous'],
  ['generously', 'generous'],
  ['communism', 'communism'],
  ['national', 'nation'],
  ['rational', 'ration'],
  ['conditional', 'condit'],
  ['operator', 'oper'],
  ['hopefulness', 'hope'],
  ['callousness', 'callous'],
  ['electrical', 'electr'],
  ['hopeful', 'hope'],
  ['goodness', 'good'],
  ['revival', 'reviv'],
  ['allowance', 'allow'],
  ['inference', 'infer'],
  ['defensible', 'defens'],
  ['adjustment', 'adjust'],
  ['dependent', 'depend'],
  ['adoption', 'adopt'],
  ['effective', 'effect'],
  ['rate', 'rate'],
  ['cease', 'ceas'],
  ['controll', 'control'],
  ['roll', 'roll'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['bias', 'bias'],
  ['andes', 'andes'],
  ['yelling', 'yell'],
  ['eyeing', 'eye'],
  ['dyed', 'dy'],
  ['ladies', 'ladi'],
  ['sly', 'sli'],
  ['enjoying', 'enjoy'],
  ['played', 'play'],
  ['joyful', 'joy'],
  ['cemetery', 'cemeteri'],
];

describe('stemEnglish', () => {
  it.each(snowballPairs)('stems %s to %s as Snowball 2.2.0 does', (word, stem) => {
    expect(stemEnglish(word)).toBe(stem);
  });

  it('leaves words shorter than three characters alone', () => {
    expect(stemEnglish('is')).toBe('is');
    expect(stemEnglish('ys')).toBe('ys');
  });

  it('does not apply the Snowball 3 exceptions (past/paste stay conflated)', () => {
    expect(stemEnglish('paste')).toBe('past');
    expect(stemEnglish('universal')).toBe(stemEnglish('universe'));
  });

  it('treats non-ASCII letters as consonants and counts code points, not UTF-16 units', () => {
    expect(stemEnglish('cafés')).toBe('café');
    expect(stemEnglish('𝒜ies')).toBe('𝒜ie');
  });
});
