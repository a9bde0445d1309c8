import { describe, expect, it } from 'vitest';
import { buildHotpotSplits } from './hotpotqa-splits.js';

const positions = (count: number) => Array.from({ length: count }, (_, index) => index);

// Expected positions printed by CPython 3.11: pools [0, int(0.4N)), [int(0.4N), int(0.8N)),
// [int(0.8N), N); random.Random(0).sample(pool, 100) for each pool.
describe('buildHotpotSplits', () => {
  it('reproduces CPython on the full 90,447-record training set', () => {
    const splits = buildHotpotSplits(positions(90_447));
    expect(splits.test.slice(0, 5)).toEqual([25247, 27562, 2653, 16968, 33506]);
    expect(splits.test.slice(-3)).toEqual([21254, 7559, 31879]);
    expect(splits.validation.slice(0, 5)).toEqual([61425, 63740, 38831, 53146, 69684]);
    expect(splits.validation.slice(-3)).toEqual([57432, 43737, 68057]);
    expect(splits.train.slice(0, 5)).toEqual([84980, 86138, 73683, 80841, 89110]);
    expect(splits.train.slice(-3)).toEqual([82984, 76136, 88296]);
  });

  it('samples 100 distinct records from the right pool of a small file', () => {
    const splits = buildHotpotSplits(positions(600));
    expect(splits.test.slice(0, 5)).toEqual([216, 98, 194, 227, 107]);
    expect(splits.validation.slice(0, 5)).toEqual([456, 338, 434, 467, 347]);
    expect(splits.train.slice(-3)).toEqual([523, 587, 488]);
    for (const [split, low, high] of [
      [splits.test, 0, 240],
      [splits.validation, 240, 480],
      [splits.train, 480, 600],
    ] as const) {
      expect(new Set(split).size).toBe(100);
      expect(split.every((position) => position >= low && position < high)).toBe(true);
    }
  });

  it('takes a pool whole when it is not larger than the requested size', () => {
    const splits = buildHotpotSplits(positions(10), { train: 100, validation: 3, test: 100 });
    expect(splits).toEqual({ test: [0, 1, 2, 3], validation: expect.any(Array), train: [8, 9] });
    expect(splits.validation).toHaveLength(3);
  });
});
