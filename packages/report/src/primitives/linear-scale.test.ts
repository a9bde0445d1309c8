import { describe, expect, it } from 'vitest';
import { createLinearScale, niceDomain, niceStep, niceTicks } from './linear-scale.js';

describe('niceStep', () => {
  it('picks 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(1, 5)).toBe(0.2);
    expect(niceStep(1000, 5)).toBe(200);
    expect(niceStep(0.3, 5)).toBe(0.05);
    expect(niceStep(730, 6)).toBe(100);
  });

  it('falls back to 1 on degenerate spans', () => {
    expect(niceStep(0, 5)).toBe(1);
    expect(niceStep(Number.NaN, 5)).toBe(1);
  });
});

describe('niceTicks', () => {
  it('lists round values inside the interval without float noise', () => {
    expect(niceTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0.55, 0.8, 5)).toEqual([0.55, 0.6, 0.65, 0.7, 0.75, 0.8]);
    expect(niceTicks(0, 730, 6)).toEqual([0, 100, 200, 300, 400, 500, 600, 700]);
  });

  it('gives one tick for a single value and none for non-finite input', () => {
    expect(niceTicks(3, 3, 5)).toEqual([3]);
    expect(niceTicks(0, Number.POSITIVE_INFINITY, 5)).toEqual([]);
  });
});

describe('niceDomain', () => {
  it('widens to round ends', () => {
    expect(niceDomain(0.57, 0.83, 5)).toEqual([0.55, 0.85]);
    expect(niceDomain(0, 730, 6)).toEqual([0, 800]);
  });
});

describe('createLinearScale', () => {
  it('maps the domain onto the range, including inverted ranges', () => {
    const scale = createLinearScale([0, 10], [100, 0]);
    expect(scale.map(0)).toBe(100);
    expect(scale.map(10)).toBe(0);
    expect(scale.map(2.5)).toBe(75);
  });

  it('maps a zero-width domain to the middle instead of NaN', () => {
    const scale = createLinearScale([1, 1], [0, 200]);
    expect(scale.map(1)).toBe(100);
    expect(scale.ticks(5)).toEqual([1]);
  });
});
