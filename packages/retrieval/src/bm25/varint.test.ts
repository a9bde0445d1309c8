import { describe, expect, it } from 'vitest';
import { VarintReader, varintSize, writeVarint } from './varint.js';

describe('varint', () => {
  it('round-trips values across byte boundaries, including above 2^32', () => {
    const values = [0, 1, 127, 128, 16_383, 16_384, 2 ** 32 + 5, 2 ** 40];
    const bytes = new Uint8Array(64);
    let position = 0;
    for (const value of values) {
      const next = writeVarint(bytes, position, value);
      expect(next - position).toBe(varintSize(value));
      position = next;
    }
    const reader = new VarintReader(bytes);
    expect(values.map(() => reader.next())).toEqual(values);
    expect(reader.position).toBe(position);
  });

  it('uses one byte below 128 and two below 16384', () => {
    expect([varintSize(127), varintSize(128), varintSize(16_383), varintSize(16_384)]).toEqual([
      1, 2, 2, 3,
    ]);
  });
});
