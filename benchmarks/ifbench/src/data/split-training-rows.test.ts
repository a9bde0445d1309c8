import { describe, expect, it } from 'vitest';
import { splitTrainingRows } from './split-training-rows.js';

describe('splitTrainingRows', () => {
  it('reproduces random.Random(1).sample over 150 array_split segments of 14,971 rows', () => {
    // Printed by CPython 3.11: rng = random.Random(1); per segment rng.sample(range(s, e), 2).
    const { train, validation } = splitTrainingRows(14_971);
    expect(train).toHaveLength(150);
    expect(validation).toHaveLength(150);
    expect(train.slice(0, 5)).toEqual([17, 197, 232, 363, 457]);
    expect(validation.slice(0, 5)).toEqual([72, 108, 215, 397, 460]);
    expect(train.slice(-3)).toEqual([14729, 14797, 14885]);
    expect(validation.slice(-3)).toEqual([14749, 14836, 14957]);
    expect(train.reduce((sum, row) => sum + row, 0)).toBe(1124429);
    expect(validation.reduce((sum, row) => sum + row, 0)).toBe(1124853);
  });

  it('keeps both rows of a segment inside it and distinct', () => {
    const { train, validation } = splitTrainingRows(14_971);
    train.forEach((row, segment) => {
      const start = segment < 121 ? segment * 100 : 12_100 + (segment - 121) * 99;
      const end = start + (segment < 121 ? 100 : 99);
      expect(row).toBeGreaterThanOrEqual(start);
      expect(row).toBeLessThan(end);
      expect(validation[segment]).toBeGreaterThanOrEqual(start);
      expect(validation[segment]).toBeLessThan(end);
      expect(validation[segment]).not.toBe(row);
    });
  });

  it('refuses a file too small to give two rows per segment', () => {
    expect(() => splitTrainingRows(299)).toThrow(RangeError);
  });
});
