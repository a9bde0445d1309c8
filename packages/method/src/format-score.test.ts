import { describe, expect, it } from 'vitest';
import { formatScore } from './format-score.js';

describe('formatScore', () => {
  it('rounds a score to three decimals and a sum of scores to two', () => {
    expect(formatScore(2 / 3)).toBe('0.667');
    expect(formatScore(0)).toBe('0.000');
    expect(formatScore(1)).toBe('1.000');
    expect(formatScore(0.1 + 0.2)).toBe('0.300');
    expect(formatScore(2 + 2 / 3)).toBe('2.67');
  });

  it('says what a value that is no number is', () => {
    expect(formatScore(Number.NaN)).toBe('NaN');
  });
});
