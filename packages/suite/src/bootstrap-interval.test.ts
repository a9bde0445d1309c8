import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { bootstrapInterval, quantile, stratumDraws } from './bootstrap-interval.js';

const streams = () => ({
  seeds: () => createRandom('bootstrap-interval', 'seeds'),
  instances: (stratum: number) => createRandom('bootstrap-interval', 'instances', stratum),
});
const binary = (ones: number, size: number) =>
  Array.from({ length: size }, (_, index) => (index < ones ? 1 : 0));

// Expected values were computed independently with Python 3.11's standard library:
// `statistics.quantiles(data, n=40, method='inclusive')` for the percentile rule, and the exact
// bootstrap distribution of a 0/1 mean over n resampled instances, Binomial(n, p) / n, whose
// 2.5% and 97.5% quantiles `math.comb` gives (n = 100, p = 0.6: 50 and 69; n = 40, p = 0.25:
// 5 and 16).
describe('bootstrapInterval', () => {
  it('takes percentiles the way numpy and Python (inclusive) do', () => {
    const sorted = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5].sort((left, right) => left - right);
    expect(quantile(sorted, 0.025)).toBeCloseTo(1.0, 12);
    expect(quantile(sorted, 0.975)).toBeCloseTo(8.25, 12);
    expect(quantile(sorted, 0.25)).toBeCloseTo(2.5, 12);
  });

  it('resamples test instances of one seed: the interval of a 0/1 mean matches Binomial(n, p) / n', () => {
    const interval = bootstrapInterval([{ rows: [binary(60, 100)] }], { streams: streams() });
    expect(interval?.level).toBe(0.95);
    expect(interval?.draws).toBe(2_000);
    // Within one instance (0.01) of the exact bootstrap quantiles 0.50 and 0.69 (the 97.5%
    // point sits on the edge: P(mean ≤ 0.69) = 0.9752).
    const instance = 0.01 + 1e-9;
    expect(Math.abs((interval?.low ?? 0) - 0.5)).toBeLessThanOrEqual(instance);
    expect(Math.abs((interval?.high ?? 0) - 0.69)).toBeLessThanOrEqual(instance);
  });

  it('resamples seeds too: two seeds that disagree on everything span [0, 1]', () => {
    // Draws pick seeds {A, A}, {A, B} or {B, B} (1/4, 1/2, 1/4): means 0, 0.5 and 1.
    const interval = bootstrapInterval([{ rows: [binary(0, 30), binary(30, 30)] }], {
      streams: streams(),
    });
    expect(interval).toMatchObject({ low: 0, high: 1 });
  });

  it('averages benchmarks: a constant benchmark halves the other one’s spread', () => {
    const interval = bootstrapInterval(
      [{ rows: [Array(10).fill(1)] }, { rows: [binary(10, 40)] }],
      { streams: streams() },
    );
    // (1 + Binomial(40, 0.25) / 40) / 2: quantiles (1 + 5/40) / 2 and (1 + 16/40) / 2.
    expect(Math.abs((interval?.low ?? 0) - (1 + 5 / 40) / 2)).toBeLessThanOrEqual(1 / 80 + 1e-9);
    expect(Math.abs((interval?.high ?? 0) - (1 + 16 / 40) / 2)).toBeLessThanOrEqual(1 / 80 + 1e-9);
  });

  it("draws an Aggregate as the mean of its benchmarks' own draws (the same seeds per draw)", () => {
    const strata = [
      { rows: [binary(7, 20), binary(12, 20)] },
      { rows: [binary(3, 9), binary(8, 9)] },
    ];
    const fresh = bootstrapInterval(strata, { streams: streams() });
    const known = strata.map((matrix, index) =>
      stratumDraws(matrix, {
        seeds: streams().seeds(),
        instances: streams().instances(index),
        draws: 2_000,
      }),
    );
    expect(
      bootstrapInterval(strata, {
        streams: streams(),
        known: (index) => known[index] ?? undefined,
      }),
    ).toEqual(fresh);
  });

  it('is a point for constant scores, the same for the same stream, and null without data', () => {
    expect(
      bootstrapInterval(
        [
          {
            rows: [
              [0.5, 0.5],
              [0.5, 0.5],
            ],
          },
        ],
        { streams: streams() },
      ),
    ).toMatchObject({ low: 0.5, high: 0.5 });
    const rows = { rows: [binary(7, 20), binary(12, 20)] };
    expect(bootstrapInterval([rows], { streams: streams() })).toEqual(
      bootstrapInterval([rows], { streams: streams() }),
    );
    expect(bootstrapInterval([], { streams: streams() })).toBeNull();
    expect(bootstrapInterval([{ rows: [[]] }], { streams: streams() })).toBeNull();
    // Benchmarks with different seed counts cannot be resampled together.
    expect(
      bootstrapInterval([{ rows: [[1]] }, { rows: [[1], [0]] }], { streams: streams() }),
    ).toBeNull();
  });
});
