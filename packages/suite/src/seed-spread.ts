import type { PermutationMethod } from './paired-permutation-test.js';
import type { SuiteArm } from './suite-cell.js';

/** The 95% confidence interval of a table entry. */
export interface ConfidenceInterval {
  /** Lower bound, in the table's unit (%). */
  readonly low: number;
  /** Upper bound, in the table's unit (%). */
  readonly high: number;
  /** Nominal coverage (0.95). */
  readonly level: number;
  /** How it was computed: a percentile bootstrap resampling seeds and test instances together. */
  readonly method: 'bootstrap-seeds-instances';
  /** Bootstrap draws. */
  readonly draws: number;
  /** Seeds resampled (with one, the interval covers test-set sampling only). */
  readonly seeds: number;
  /** Test instances resampled (summed over the benchmarks of an Aggregate). */
  readonly instances: number;
}

/** A table entry's paired test against another column's method (Forge). */
export interface PairedComparison {
  /** The method compared against. */
  readonly against: string;
  /** Its training data arm, when not the entry's own (Table 4: the augmented arm against the original). */
  readonly againstArm?: SuiteArm;
  /** Two-sided p-value of the paired sign-flip permutation test. */
  readonly pValue: number;
  /** Shared (seed, test instance) pairs compared (over every benchmark of an Aggregate). */
  readonly pairs: number;
  /** `exact` or `monte-carlo`. */
  readonly method: PermutationMethod;
  /** Random sign assignments drawn, for `monte-carlo`. */
  readonly draws?: number;
}

/** The p-value below which a table entry is marked. */
export const significanceLevel = 0.05;
/** The marker of an entry whose paired test gives p < `significanceLevel`. */
export const significanceMarker = '*';

/** One seed's value of a table entry (null: that seed's cell is not done, or has no value). */
export interface SeedValue {
  /** The seed. */
  readonly seed: number;
  /** The value (a score in %, like the table), or null. */
  readonly value: number | null;
}

/** A table entry over seeds: mean ± sample standard deviation over the seeds that have a value. */
export interface SeedSpread {
  /** Marks the value as a spread in a table row. */
  readonly kind: 'spread';
  /** Mean over the seeds with a value. */
  readonly mean: number;
  /** Sample standard deviation (n − 1); null with fewer than two values. */
  readonly sd: number | null;
  /** Seeds with a value. */
  readonly n: number;
  /** Seeds the suite runs: `n < of` is a partial entry. */
  readonly of: number;
  /** Every seed's value, in the suite's seed order. */
  readonly perSeed: readonly SeedValue[];
  /** The 95% confidence interval of the mean, when the cells' per-instance test scores were read. */
  readonly interval?: ConfidenceInterval;
  /** The paired test against the table's reference method (Forge), when it applies. */
  readonly comparison?: PairedComparison;
}

/** Whether a table value is a spread over seeds. */
export function isSeedSpread(value: unknown): value is SeedSpread {
  return typeof value === 'object' && value !== null && (value as SeedSpread).kind === 'spread';
}

/** The spread of per-seed values; null when no seed has a value. */
export function seedSpread(perSeed: readonly SeedValue[]): SeedSpread | null {
  const values = perSeed.flatMap((entry) => (entry.value === null ? [] : [entry.value]));
  if (values.length === 0) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const sd =
    values.length < 2
      ? null
      : Math.sqrt(
          values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1),
        );
  return { kind: 'spread', mean, sd, n: values.length, of: perSeed.length, perSeed };
}

/**
 * The spread of a mean over entries (an Aggregate over benchmarks): per seed, the mean of the
 * entries when every entry has that seed, then the spread over seeds. Null when an entry has no
 * value at all or no seed is complete.
 */
export function meanSpread(entries: readonly (SeedSpread | null)[]): SeedSpread | null {
  if (entries.length === 0 || entries.some((entry) => entry === null)) return null;
  const first = entries[0] as SeedSpread;
  return seedSpread(
    first.perSeed.map(({ seed }, index) => {
      const values = entries.map((entry) => entry?.perSeed[index]?.value ?? null);
      return {
        seed,
        value: values.some((value) => value === null)
          ? null
          : (values as number[]).reduce((sum, value) => sum + value, 0) / values.length,
      };
    }),
  );
}

/** `57.50 ± 3.54`, `57.50` for one seed, `+ (2 of 3 seeds, partial)` when seeds are missing. */
export function formatSpread(spread: SeedSpread): string {
  const text = `${spread.mean.toFixed(2)}${spread.sd === null || spread.of < 2 ? '' : ` ± ${spread.sd.toFixed(2)}`}`;
  return spread.n < spread.of ? `${text} (${spread.n} of ${spread.of} seeds, partial)` : text;
}

/** True when an entry's paired test gives p < 0.05: it gets the table's significance marker. */
export function isSignificant(spread: SeedSpread): boolean {
  return spread.comparison !== undefined && spread.comparison.pValue < significanceLevel;
}
