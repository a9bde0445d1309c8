import type { SplitSizes } from '@forge/program';
import { PythonRandom } from '@forge/python-compat';

/** The paper's Table 5 sizes: 100 instances in each split. */
export const hotpotSplitSizes: SplitSizes = { train: 100, validation: 100, test: 100 };

/** The seed Table 5 gives for sampling from each pool. */
export const hotpotSplitSeed = 0;

/** Items of each split, in the order sampled. */
export interface SplitItems<T> {
  readonly train: T[];
  readonly validation: T[];
  readonly test: T[];
}

/**
 * Table 5's HotPotQA split: partition the fullwiki training records by position into the first
 * 40 % (test pool), the middle 40 % (validation pool) and the final 20 % (training pool), with
 * the GEPA artifact's boundaries `int(0.4·N)` and `int(0.8·N)`; then sample from each pool with
 * a fresh `random.Random(0)` and `rng.sample(pool, size)` (as the artifact's `trim_dataset` does
 * with its seed), keeping the sample order. A pool no larger than its size is taken whole.
 */
export function buildHotpotSplits<T>(
  records: readonly T[],
  sizes: SplitSizes = hotpotSplitSizes,
  seed: number = hotpotSplitSeed,
): SplitItems<T> {
  const total = records.length;
  const testEnd = Math.trunc(0.4 * total);
  const validationEnd = Math.trunc(0.8 * total);
  const sample = (pool: readonly T[], size: number): T[] =>
    size >= pool.length ? pool.slice() : new PythonRandom(seed).sample(pool, size);
  return {
    test: sample(records.slice(0, testEnd), sizes.test),
    validation: sample(records.slice(testEnd, validationEnd), sizes.validation),
    train: sample(records.slice(validationEnd), sizes.train),
  };
}
