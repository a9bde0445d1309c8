import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { mergeSubsample } from './merge-subsample.js';

describe('the merge subsample', () => {
  it('draws ⌈n/3⌉ from each of "first better", "second better" and "tie", in that order', () => {
    const first = [1, 1, 1, 0, 0, 0, 1, 0, 1];
    const second = [0, 0, 0, 1, 1, 1, 1, 0, 1];
    const picked = mergeSubsample(first, second, 5, createRandom(0, 'merge'));
    expect(picked).toHaveLength(5);
    expect(new Set(picked).size).toBe(5);
    expect(picked.slice(0, 2).every((position) => position <= 2)).toBe(true);
    expect(picked.slice(2, 4).every((position) => position >= 3 && position <= 5)).toBe(true);
    expect(picked.slice(4).every((position) => position >= 6)).toBe(true);
  });

  it('tops up from unused positions when a bucket is short', () => {
    const picked = mergeSubsample(
      [1, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      5,
      createRandom(1, 'merge'),
    );
    expect(picked[0]).toBe(0);
    expect(new Set(picked).size).toBe(5);
  });

  it('repeats positions only when there are fewer than asked', () => {
    const picked = mergeSubsample([1, 0], [0, 1], 5, createRandom(2, 'merge'));
    expect(picked).toHaveLength(5);
    expect(new Set(picked)).toEqual(new Set([0, 1]));
  });
});
