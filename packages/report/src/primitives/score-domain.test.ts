import { describe, expect, it } from 'vitest';
import { niceTicks } from './linear-scale.js';
import { scoreDomain } from './score-domain.js';

describe('scoreDomain', () => {
  it('zooms in on the scores with round ends', () => {
    expect(scoreDomain([0.62, 0.7, 0.74])).toEqual([0.6, 0.8]);
  });

  it('ends on ticks so both ends of the axis get a label', () => {
    for (const scores of [
      [0.517, 0.65],
      [0.3, 0.31],
      [0.05, 0.97],
      [12, 87],
    ]) {
      const [low, high] = scoreDomain(scores);
      const ticks = niceTicks(low, high, 5);
      expect([ticks[0], ticks.at(-1)]).toEqual([low, high]);
    }
  });

  it('keeps a minimum span for a single value, inside [0, 1]', () => {
    expect(scoreDomain([0, 0, 0])).toEqual([0, 0.1]);
    expect(scoreDomain([1, 1])).toEqual([0.9, 1]);
    expect(scoreDomain([0.5])).toEqual([0.44, 0.56]);
  });

  it('does not clamp scores on a 0–100 scale to [0, 1]', () => {
    const [low, high] = scoreDomain([55.6, 72.2]);
    expect(low).toBeLessThanOrEqual(55.6);
    expect(high).toBeGreaterThanOrEqual(72.2);
    expect(high).toBeGreaterThan(1);
  });

  it('ignores non-finite scores and defaults to [0, 1] when nothing is left', () => {
    expect(scoreDomain([Number.NaN])).toEqual([0, 1]);
    expect(scoreDomain([])).toEqual([0, 1]);
    expect(scoreDomain([Number.NaN, 0.5])).toEqual([0.44, 0.56]);
  });
});
