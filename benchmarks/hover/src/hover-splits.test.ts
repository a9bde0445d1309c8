import { describe, expect, it } from 'vitest';
import { buildHoverSplits, hopQuotas } from './hover-splits.js';

// Synthetic files with known hop counts; expected positions printed by CPython 3.11 running the
// same procedure (random.Random(0) over train groups, random.Random(1) over development groups).
const train = Array.from({ length: 400 }, (_, index) => ({
  index,
  hops: 2 + ((Math.floor(index / 3) + index) % 3),
}));
const development = Array.from({ length: 400 }, (_, index) => ({
  index,
  hops: 2 + (Math.floor((index * 7) / 5) % 3),
}));

describe('buildHoverSplits', () => {
  const splits = buildHoverSplits(train, development);
  const positions = (split: readonly { index: number }[]) => split.map((record) => record.index);

  it('draws train with seed 0 per hop group, reproducing CPython', () => {
    expect(positions(splits.train).slice(0, 4)).toEqual([295, 322, 32, 198]);
    expect(positions(splits.train).slice(34, 37)).toEqual([253, 361, 75]);
    expect(positions(splits.train).slice(-2)).toEqual([389, 371]);
  });

  it('draws validation and test from development with seed 1, reproducing CPython', () => {
    expect(positions(splits.validation).slice(0, 4)).toEqual([103, 52, 195, 90]);
    expect(positions(splits.validation).slice(34, 36)).toEqual([389, 301]);
    expect(positions(splits.validation).slice(-2)).toEqual([10, 259]);
    expect(positions(splits.test).slice(0, 4)).toEqual([375, 208, 7, 373]);
    expect(positions(splits.test).slice(-2)).toEqual([70, 98]);
  });

  it('gives each split a 34/33/33 mix of 2-, 3- and 4-hop claims, validation and test disjoint', () => {
    for (const split of [splits.train, splits.validation, splits.test]) {
      const counts = [2, 3, 4].map((hops) => split.filter((record) => record.hops === hops).length);
      expect(counts).toEqual([34, 33, 33]);
    }
    const validation = new Set(positions(splits.validation));
    expect(positions(splits.test).some((index) => validation.has(index))).toBe(false);
  });

  it('shares sizes near-uniformly and uses a small group whole', () => {
    expect(hopQuotas(100)).toEqual([34, 33, 33]);
    expect(hopQuotas(5)).toEqual([2, 2, 1]);
    const small = buildHoverSplits(train.slice(0, 6), development.slice(0, 6), {
      train: 30,
      validation: 2,
      test: 2,
    });
    expect(small.train).toHaveLength(6);
  });
});
