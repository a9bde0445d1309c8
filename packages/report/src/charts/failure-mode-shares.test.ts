import { describe, expect, it } from 'vitest';
import { failureModeShares, pointRadius } from './failure-mode-shares.js';

describe('failureModeShares', () => {
  it('computes shares, sorts by failures and sets empty modes aside', () => {
    const [window] = failureModeShares([
      {
        label: 'Before the first synthesis event',
        event: 1,
        modes: [
          { name: 'b', description: '', failures: 10 },
          { name: 'a', description: '', failures: 30 },
          { name: 'c', description: '', failures: 0 },
          { name: 'd', description: '', failures: 10 },
        ],
      },
    ]);
    expect(window?.total).toBe(50);
    expect(window?.modes.map((mode) => [mode.name, mode.share])).toEqual([
      ['a', 0.6],
      ['b', 0.2],
      ['d', 0.2],
    ]);
    expect(window?.emptyModes).toBe(1);
  });

  it('treats negative and non-finite counts as zero and never divides by zero', () => {
    const [window] = failureModeShares([
      {
        label: 'w',
        event: 2,
        modes: [
          { name: 'x', description: '', failures: -4 },
          { name: 'y', description: '', failures: Number.NaN },
        ],
      },
    ]);
    expect(window?.total).toBe(0);
    expect(window?.modes).toEqual([]);
    expect(window?.emptyModes).toBe(2);
  });
});

describe('pointRadius', () => {
  it('makes area proportional to failures', () => {
    const big = pointRadius(100, 100, 20);
    const quarter = pointRadius(25, 100, 20);
    expect(big).toBe(20);
    expect(quarter).toBe(10);
    expect((quarter * quarter) / (big * big)).toBeCloseTo(0.25);
  });

  it('keeps tiny modes visible and zero modes undrawn', () => {
    expect(pointRadius(1, 10_000, 20)).toBe(3);
    expect(pointRadius(0, 10, 20)).toBe(0);
    expect(pointRadius(5, 0, 20)).toBe(0);
  });
});
