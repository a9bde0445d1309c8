import { createRandom } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { allocateAttempts } from './allocate-attempts.js';

describe('allocateAttempts', () => {
  it.each([
    [10, [5, 3, 2], [5, 3, 2]],
    [10, [1, 1, 1], [4, 3, 3]],
    [25, [7, 2, 1], [18, 5, 2]],
    [4, [1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 0, 0]],
    [3, [1, 2, 7], [0, 1, 2]],
    [100, [1], [100]],
    [0, [4, 2], [0, 0]],
  ])('K=%i over %j gives %j', (attempts, supports, expected) => {
    const allocation = allocateAttempts(attempts, supports);
    expect(allocation).toEqual(expected);
    expect(allocation.reduce((sum, count) => sum + count, 0)).toBe(attempts);
  });

  it('breaks remainders that are equal as fractions but not as floats by mode order', () => {
    // N = 14: mode 1 has 2·3/14 = 6/14 and mode 2 has 2·10/14 = 1 + 6/14. In floating point the
    // second remainder is 0.4285714285714286 and the first 0.42857142857142855, so a float
    // comparison would hand the spare attempt to mode 2; exactly, they tie and mode 1 wins.
    expect((2 * 3) / 14 - Math.floor((2 * 3) / 14)).toBeLessThan(
      (2 * 10) / 14 - Math.floor((2 * 10) / 14),
    );
    expect(allocateAttempts(2, [1, 3, 10])).toEqual([0, 1, 1]);
  });

  it('ranks by remainder before mode order', () => {
    // Remainders 3·1/7 = 3/7 and 3·2/7 = 6/7: the later mode's larger remainder wins.
    expect(allocateAttempts(3, [1, 2, 4])).toEqual([0, 1, 2]);
  });

  it('stays exact where K·n exceeds 2^53', () => {
    const big = 2 ** 52;
    // N = K + 2. Floors: K − 3, 0, 1; remainders 6, K, K − 2 (over N): the two spare attempts go
    // to modes 1 and 2.
    expect(allocateAttempts(big, [big - 1, 1, 2])).toEqual([big - 3, 1, 2]);
  });

  it('sums to K on many random inputs and never gives a mode more than its exact share + 1', () => {
    const random = createRandom('allocation-test');
    const next = (bound: number) => random.int(bound);
    for (let trial = 0; trial < 500; trial++) {
      const supports = Array.from({ length: 1 + next(8) }, () => next(20));
      const attempts = next(60);
      const allocation = allocateAttempts(attempts, supports);
      const total = supports.reduce((sum, support) => sum + support, 0);
      if (total === 0) {
        expect(allocation.every((count) => count === 0)).toBe(true);
        continue;
      }
      expect(allocation.reduce((sum, count) => sum + count, 0)).toBe(attempts);
      for (const [index, count] of allocation.entries()) {
        const exact = (attempts * supports[index]!) / total;
        expect(count).toBeGreaterThanOrEqual(Math.floor(exact));
        expect(count).toBeLessThanOrEqual(Math.floor(exact) + 1);
      }
    }
  });

  it('returns zeros without modes support, and nothing without modes', () => {
    expect(allocateAttempts(5, [0, 0])).toEqual([0, 0]);
    expect(allocateAttempts(5, [])).toEqual([]);
  });

  it.each([
    [-1, [1]],
    [2.5, [1]],
    [Number.NaN, [1]],
    [3, [1, -2]],
    [3, [1.5]],
  ])('rejects K=%s with supports %j', (attempts, supports) => {
    let caught: unknown;
    try {
      allocateAttempts(attempts, supports);
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
  });
});
