import { describe, expect, it } from 'vitest';
import { contentWords, lexicalSimilarity } from './lexical-similarity.js';

describe('lexicalSimilarity', () => {
  it('reads content words: lowercase, compounds kept whole, function words dropped', () => {
    expect([...contentWords('Numeric dates are written day-first (DD.MM), not MM/DD.')]).toEqual([
      'numeric',
      'dates',
      'written',
      'day-first',
      'dd.mm',
      'not',
      'mm',
      'dd',
    ]);
  });

  it('is 1 for the same words in another order or case, and symmetric', () => {
    expect(lexicalSimilarity('Check the units first.', 'first, CHECK units')).toBe(1);
    expect(lexicalSimilarity('a b c', 'b c d')).toBe(lexicalSimilarity('b c d', 'a b c'));
  });

  it('is shared words over all words (Jaccard)', () => {
    // {numeric, dates, written, day-first} and the same plus {confirmed}: 4 of 5.
    expect(
      lexicalSimilarity(
        'Numeric dates are written day-first.',
        'Confirmed: numeric dates are written day-first.',
      ),
    ).toBeCloseTo(4 / 5);
  });

  it('keeps rules apart that differ in a condition or a negation', () => {
    expect(
      lexicalSimilarity(
        'Numeric dates are written day-first.',
        'Numeric dates are written month-first.',
      ),
    ).toBeCloseTo(3 / 5);
    expect(
      lexicalSimilarity(
        'Two-digit years belong to the 2000s.',
        'Two-digit years from 50 to 99 belong to the 1900s.',
      ),
    ).toBeCloseTo(3 / 7);
    expect(
      lexicalSimilarity('Inputs of category a need rule-a.', 'Inputs of category b need rule-b.'),
    ).toBeCloseTo(3 / 6);
    expect(lexicalSimilarity('Round the result.', 'Do not round the result.')).toBeCloseTo(2 / 4);
  });
});
