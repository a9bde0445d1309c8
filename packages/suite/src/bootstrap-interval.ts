import type { Random } from '@forge/program';

/**
 * One benchmark's test scores for a table entry: a row per seed, a column per test instance
 * (the same instances, in the same order, in every row).
 */
export interface ScoreMatrix {
  /** Scores in [0, 1]: `rows[seed][instance]`. */
  readonly rows: readonly (readonly number[])[];
}

/** A percentile bootstrap interval of a mean score. */
export interface BootstrapInterval {
  /** Lower bound, in the scores' unit. */
  readonly low: number;
  /** Upper bound, in the scores' unit. */
  readonly high: number;
  /** Nominal coverage (0.95). */
  readonly level: number;
  /** Bootstrap draws. */
  readonly draws: number;
}

/**
 * Where a bootstrap's resamples come from. Each call starts its stream afresh, so benchmarks
 * given the same seed stream resample the same seeds in every draw — which makes an Aggregate's
 * draws the mean of its benchmarks' draws.
 */
export interface BootstrapStreams {
  /** The stream that picks seeds (one per draw and seed). */
  readonly seeds: () => Random;
  /** The stream that picks the test instances of the stratum-th matrix. */
  readonly instances: (stratum: number) => Random;
}

/** Options of `bootstrapInterval`. */
export interface BootstrapOptions {
  /** The resamples' streams. */
  readonly streams: BootstrapStreams;
  /** Bootstrap draws (default 2,000). */
  readonly draws?: number;
  /** Nominal coverage (default 0.95). */
  readonly level?: number;
  /**
   * A matrix's draws already computed with the same streams and draw count (an Aggregate's
   * benchmarks were each an entry of their own); called with the stratum's index.
   */
  readonly known?: (stratum: number) => Float64Array | undefined;
}

/** Default bootstrap draws. */
export const defaultBootstrapDraws = 2_000;

/**
 * A percentile bootstrap interval for the mean over benchmarks of the mean over seeds × test
 * instances, resampling both ways at once (seeds and instances are crossed, not nested: every
 * seed is scored on the same instances). Each draw picks the seeds with replacement — the same
 * seeds for every benchmark, as one seed's run of each benchmark belongs together — and, per
 * benchmark, its test instances with replacement; the interval is the draws' 2.5th and 97.5th
 * percentiles (linear interpolation, like numpy's default and Python's `statistics.quantiles(…,
 * method='inclusive')`). With one seed it covers test-set sampling only. Null when a matrix is
 * empty or the matrices have different numbers of seeds.
 */
export function bootstrapInterval(
  strata: readonly ScoreMatrix[],
  options: BootstrapOptions,
): BootstrapInterval | null {
  const means = aggregateDraws(strata, options);
  if (means === null) return null;
  const level = options.level ?? 0.95;
  const sorted = Float64Array.from(means).sort();
  const tail = (1 - level) / 2;
  return {
    low: quantile(sorted, tail),
    high: quantile(sorted, 1 - tail),
    level,
    draws: means.length,
  };
}

/**
 * The bootstrap draws of `bootstrapInterval`'s mean, in draw order: per stratum its own draws
 * (`stratumDraws`, or `known` ones), averaged draw by draw. Null as `bootstrapInterval` is.
 */
export function aggregateDraws(
  strata: readonly ScoreMatrix[],
  options: BootstrapOptions,
): Float64Array | null {
  const seeds = strata[0]?.rows.length ?? 0;
  if (seeds === 0 || strata.some((stratum) => stratum.rows.length !== seeds)) return null;
  const draws = options.draws ?? defaultBootstrapDraws;
  const means = new Float64Array(draws);
  for (const [index, stratum] of strata.entries()) {
    const own =
      options.known?.(index) ??
      stratumDraws(stratum, {
        seeds: options.streams.seeds(),
        instances: options.streams.instances(index),
        draws,
      });
    if (own === null || own.length !== draws) return null;
    for (let draw = 0; draw < draws; draw++) {
      means[draw] = (means[draw] as number) + (own[draw] as number) / strata.length;
    }
  }
  return means;
}

/**
 * One matrix's bootstrap draws of its mean: per draw, seeds picked with replacement from
 * `seeds`, then instances with replacement from `instances`. Null when the matrix is empty or
 * ragged.
 */
export function stratumDraws(
  matrix: ScoreMatrix,
  options: { readonly seeds: Random; readonly instances: Random; readonly draws: number },
): Float64Array | null {
  const seedCount = matrix.rows.length;
  const instanceCount = matrix.rows[0]?.length ?? 0;
  if (seedCount === 0 || instanceCount === 0) return null;
  if (matrix.rows.some((row) => row.length !== instanceCount)) return null;
  // Instance-major, so one picked instance reads its seeds' scores side by side.
  const scores = new Float64Array(seedCount * instanceCount);
  matrix.rows.forEach((row, seed) => {
    row.forEach((score, instance) => {
      scores[instance * seedCount + seed] = score;
    });
  });
  const seedWeights = new Float64Array(seedCount);
  const means = new Float64Array(options.draws);
  for (let draw = 0; draw < options.draws; draw++) {
    seedWeights.fill(0);
    for (let pick = 0; pick < seedCount; pick++) {
      const seed = options.seeds.int(seedCount);
      seedWeights[seed] = (seedWeights[seed] as number) + 1;
    }
    let sum = 0;
    for (let pick = 0; pick < instanceCount; pick++) {
      const base = options.instances.int(instanceCount) * seedCount;
      for (let seed = 0; seed < seedCount; seed++) {
        sum += (seedWeights[seed] as number) * (scores[base + seed] as number);
      }
    }
    means[draw] = sum / (seedCount * instanceCount);
  }
  return means;
}

/** The p-quantile of sorted values, interpolating linearly between order statistics (type 7). */
export function quantile(sorted: ArrayLike<number>, probability: number): number {
  const position = (sorted.length - 1) * probability;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  const lower = sorted[below] as number;
  return lower + (position - below) * ((sorted[above] as number) - lower);
}
