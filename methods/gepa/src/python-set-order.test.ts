import { describe, expect, it } from 'vitest';
import { pythonCopiedSetOrder, pythonSetOrder } from './python-set-order.js';

// Expected orders are what CPython 3.11 prints for `s = set(); [s.add(v) for v in inserted];
// list(s)`.
describe('pythonSetOrder', () => {
  it('is ascending while every value is below the 8-slot table size', () => {
    expect(pythonSetOrder([4, 0, 2])).toEqual([0, 2, 4]);
  });

  it('wraps values past the table size and probes linearly on a collision', () => {
    expect(pythonSetOrder([3, 9])).toEqual([9, 3]);
    expect(pythonSetOrder([0, 8, 16])).toEqual([0, 8, 16]);
  });

  it('re-inserts into a 32-slot table on the fifth value', () => {
    expect(pythonSetOrder([0, 8, 16, 5, 13])).toEqual([0, 5, 8, 13, 16]);
    expect(pythonSetOrder([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39])).toEqual([
      0, 33, 3, 36, 6, 39, 9, 12, 15, 18, 21, 24, 27, 30,
    ]);
  });

  it('ignores repeats and refuses negative values', () => {
    expect(pythonSetOrder([9, 3, 9])).toEqual([9, 3]);
    expect(() => pythonSetOrder([-1])).toThrow(/non-negative/);
  });
});

// Expected orders are what CPython 3.11 prints for `list(set(s))` (and `list(s.copy())`), `s`
// built as above. gepa-ai/gepa b265bf9 walks such copies of its fronts (src/gepa/core/state.py:1030).
describe('pythonCopiedSetOrder', () => {
  it('re-inserts five to seven values into a 16-slot table, where 17 wraps to slot 1', () => {
    // Built: 32 slots, [0, 2, 5, 9, 17]; set(s): 16 slots.
    expect(pythonSetOrder([0, 2, 5, 9, 17])).toEqual([0, 2, 5, 9, 17]);
    expect(pythonCopiedSetOrder([0, 2, 5, 9, 17])).toEqual([0, 17, 2, 5, 9]);
    expect(pythonCopiedSetOrder([3, 8, 12, 20, 24, 30, 31])).toEqual([3, 20, 8, 24, 12, 30, 31]);
  });

  it('copies the slots as they are when the copy has the original table size', () => {
    // Four values stay in the first 8 slots; eight to fifteen live in 32 slots either way.
    expect(pythonCopiedSetOrder([3, 9])).toEqual([9, 3]);
    const fourteen = [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39];
    expect(pythonCopiedSetOrder(fourteen)).toEqual(pythonSetOrder(fourteen));
  });

  it('re-inserts sixteen to eighteen values into a 64-slot table', () => {
    const odd = [...Array.from({ length: 16 }, (_, index) => index * 2 + 1), 40];
    expect(pythonCopiedSetOrder(odd)).toEqual([
      1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 40,
    ]);
    expect(pythonSetOrder(odd)).not.toEqual(pythonCopiedSetOrder(odd));
  });
});
