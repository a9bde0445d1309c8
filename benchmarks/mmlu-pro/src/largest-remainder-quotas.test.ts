import { describe, expect, it } from 'vitest';
import { largestRemainderQuotas } from './largest-remainder-quotas.js';

describe('largestRemainderQuotas', () => {
  it('floors the proportional shares and hands out the rest by largest remainder', () => {
    expect(largestRemainderQuotas([3, 3, 3, 1], 5)).toEqual([2, 2, 1, 0]);
    expect(largestRemainderQuotas([50, 30, 20, 7], 10)).toEqual([5, 3, 2, 0]);
  });

  it('breaks equal remainders in favour of the earlier group', () => {
    expect(largestRemainderQuotas([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(largestRemainderQuotas([5, 5], 3)).toEqual([2, 1]);
  });

  it('allots 100 among the 14 MMLU-Pro categories (sorted by name) and sums exactly', () => {
    // Test-split sizes from the dataset card: biology … psychology, 12,032 rows.
    const sizes = [717, 789, 1132, 410, 844, 969, 818, 381, 1101, 1351, 924, 499, 1299, 798];
    const quotas = largestRemainderQuotas(sizes, 100);
    expect(quotas).toEqual([6, 7, 9, 3, 7, 8, 7, 3, 9, 11, 8, 4, 11, 7]);
    expect(quotas.reduce((sum, quota) => sum + quota, 0)).toBe(100);
  });

  it('rejects a total larger than the population', () => {
    expect(() => largestRemainderQuotas([2, 1], 4)).toThrow(RangeError);
    expect(largestRemainderQuotas([], 0)).toEqual([]);
  });
});
