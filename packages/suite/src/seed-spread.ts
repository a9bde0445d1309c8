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
