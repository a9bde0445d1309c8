import { describe, expect, it } from 'vitest';
import { bandPath, seedCurveBand } from './seed-curve-band.js';

describe('seedCurveBand', () => {
  it('averages the seeds at every breakpoint, holding a finished seed at its last value', () => {
    const band = seedCurveBand([
      {
        points: [
          { evaluationsUsed: 10, bestValidation: 0.2 },
          { evaluationsUsed: 30, bestValidation: 0.6 },
        ],
        end: 40,
      },
      {
        points: [
          { evaluationsUsed: 20, bestValidation: 0.4 },
          { evaluationsUsed: 50, bestValidation: 0.8 },
        ],
        end: 60,
      },
    ]);
    // Starts where both seeds have a value (20); seed 1 holds 0.6 after its end at 40.
    expect(band?.x).toEqual([20, 30, 50]);
    expect(band?.mean.map((value) => Number(value.toFixed(3)))).toEqual([0.3, 0.5, 0.7]);
    expect(band?.low).toEqual([0.2, 0.4, 0.6]);
    expect(band?.high).toEqual([0.4, 0.6, 0.8]);
    expect(band?.end).toBe(60);
    expect(
      bandPath(
        band as never,
        (value) => value,
        (value) => value * 100,
      ),
    ).toBe('M20 40L30 40L30 60L50 60L50 80L60 80L60 60L50 60L50 40L30 40L30 20L20 20Z');
  });

  it('has no band without points', () => {
    expect(seedCurveBand([{ points: [], end: 0 }])).toBeUndefined();
  });
});
