import { describe, expect, it } from 'vitest';
import { parseSplitSizes } from './parse-split-sizes.js';

const defaults = { train: 100, validation: 100, test: 100 };

describe('parseSplitSizes', () => {
  it('gives the defaults when the setting is absent and the setting when it is well formed', () => {
    expect(parseSplitSizes(undefined, 'HoVer', defaults)).toBe(defaults);
    expect(parseSplitSizes({ train: 3, validation: 2, test: 1 }, 'HoVer', defaults)).toEqual({
      train: 3,
      validation: 2,
      test: 1,
    });
  });

  it('names the setting and the benchmark when a size is missing, zero or fractional', () => {
    for (const value of [
      { train: 3, validation: 2 },
      { train: 0, validation: 2, test: 1 },
      { train: 1.5, validation: 2, test: 1 },
      'big',
    ]) {
      expect(() => parseSplitSizes(value, 'HoVer', defaults)).toThrow(
        'HoVer: settings.splitSizes must be { train, validation, test } positive integers',
      );
    }
  });
});
