import { describe, expect, it } from 'vitest';
import { pythonSetOrder } from './python-set-order.js';

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
