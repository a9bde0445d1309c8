import { PythonRandom } from '@forge/python-compat';

/** Hop counts of HoVer claims, in the order quotas are filled. */
export const hoverHopCounts = [2, 3, 4] as const;

/** Split sizes (Table 5: 100 each). */
export interface HoverSplitSizes {
  /** Training claims. */
  readonly train: number;
  /** Validation claims. */
  readonly validation: number;
  /** Test claims. */
  readonly test: number;
}

/** The paper's Table 5 sizes. */
export const hoverSplitSizes: HoverSplitSizes = { train: 100, validation: 100, test: 100 };

/**
 * A near-uniform share of `size` over the 2-, 3- and 4-hop groups: ⌊size/3⌋ each, the remainder
 * one by one from the 2-hop group on (100 → 34/33/33).
 */
export function hopQuotas(size: number): number[] {
  const base = Math.floor(size / 3);
  return hoverHopCounts.map((_, index) => base + (index < size % 3 ? 1 : 0));
}

/** Anything with a hop count. */
export interface HasHops {
  readonly hops: number;
}

/**
 * Table 5's HoVer split. Train: one `random.Random(0)`; for 2, 3 and 4 hops in turn,
 * `rng.sample(claims with that hop count in file order, quota)`. Validation and test: one
 * `random.Random(1)` over the development file; per hop count, `rng.sample(group, validation
 * quota + test quota)`, the first part to validation and the rest to test, so the two are
 * disjoint. Splits list the 2-hop claims first, then 3, then 4, each in sample order. A group
 * smaller than its quota is used whole.
 */
export function buildHoverSplits<T extends HasHops>(
  train: readonly T[],
  development: readonly T[],
  sizes: HoverSplitSizes = hoverSplitSizes,
): { train: T[]; validation: T[]; test: T[] } {
  const trainRandom = new PythonRandom(0);
  const trainQuotas = hopQuotas(sizes.train);
  const trainSplit = hoverHopCounts.flatMap((hops, index) =>
    sample(
      trainRandom,
      train.filter((record) => record.hops === hops),
      trainQuotas[index] as number,
    ),
  );

  const developmentRandom = new PythonRandom(1);
  const validationQuotas = hopQuotas(sizes.validation);
  const testQuotas = hopQuotas(sizes.test);
  const validation: T[] = [];
  const test: T[] = [];
  hoverHopCounts.forEach((hops, index) => {
    const wanted = (validationQuotas[index] as number) + (testQuotas[index] as number);
    const picked = sample(
      developmentRandom,
      development.filter((record) => record.hops === hops),
      wanted,
    );
    validation.push(...picked.slice(0, validationQuotas[index]));
    test.push(...picked.slice(validationQuotas[index]));
  });
  return { train: trainSplit, validation, test };
}

function sample<T>(random: PythonRandom, group: readonly T[], count: number): T[] {
  return count >= group.length ? group.slice() : random.sample(group, count);
}
