import type { Prompts, Random } from '@forge/program';

/** Merges tried so far: never repeat a (pair, ancestor) or a (pair, component sources). */
export interface MergeLog {
  /** `[id1, id2, ancestor]` of every merge proposed (accepted or rejected). */
  readonly triplets: readonly (readonly [number, number, number])[];
  /** `[id1, id2, …source of each component]` of every merged candidate built. */
  readonly descriptions: readonly (readonly number[])[];
}

/** An empty merge log. */
export const emptyMergeLog: MergeLog = { triplets: [], descriptions: [] };

/** A merged candidate and where each of its components came from. */
export interface MergePlan {
  /** The merged prompts, component by component. */
  readonly prompts: Prompts;
  /** The lower-indexed parent. */
  readonly id1: number;
  /** The higher-indexed parent. */
  readonly id2: number;
  /** The common ancestor the merge is based on. */
  readonly ancestor: number;
  /** For each component (declaration order), the candidate its text was taken from. */
  readonly sources: readonly number[];
  /** The log with this merge's description added (the caller adds the triplet). */
  readonly log: MergeLog;
}

/** What a merge search looks at. */
export interface MergePool {
  /** Every candidate's prompts. */
  readonly candidates: readonly Prompts[];
  /** Every candidate's parents (`[]` for the seed). */
  readonly parents: readonly (readonly number[])[];
  /** Every candidate's mean validation score. */
  readonly aggregates: readonly number[];
  /** Component names in declaration order. */
  readonly components: readonly string[];
}

const maxAttempts = 10;

/**
 * The reference's `sample_and_attempt_merge_programs_by_common_predictors`: up to ten times,
 * find two non-ancestral merge candidates with a usable common ancestor, build the merged
 * candidate component by component, and return it unless the same combination was built
 * before. `hasOverlap` is the reference's validation-support guard.
 */
export function planMerge(options: {
  readonly pool: MergePool;
  readonly mergeCandidates: readonly number[];
  readonly log: MergeLog;
  readonly random: Random;
  readonly hasOverlap: (id1: number, id2: number) => boolean;
}): MergePlan | undefined {
  const { pool, log, random } = options;
  if (options.mergeCandidates.length < 2 || pool.candidates.length < 3) return undefined;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const pair = findCommonAncestorPair(pool, options.mergeCandidates, log, random);
    if (pair === undefined) continue;
    const [id1, id2, ancestor] = pair;
    const sources = pool.components.map((component) =>
      sourceOf(pool, component, id1, id2, ancestor, random),
    );
    const description = [id1, id2, ...sources];
    if (log.descriptions.some((seen) => sameNumbers(seen, description))) continue;
    if (!options.hasOverlap(id1, id2)) continue;
    const prompts = Object.fromEntries(
      pool.components.map((component, index) => [
        component,
        pool.candidates[sources[index] as number]?.[component] ?? '',
      ]),
    );
    return {
      prompts,
      id1,
      id2,
      ancestor,
      sources,
      log: { ...log, descriptions: [...log.descriptions, description] },
    };
  }
  return undefined;
}

/**
 * True when some component can be combined: one side kept the ancestor's text and the other
 * changed it (the reference's "desirable predictors").
 */
export function hasCombinableComponent(
  pool: MergePool,
  ancestor: number,
  id1: number,
  id2: number,
): boolean {
  return pool.components.some((component) => {
    const base = pool.candidates[ancestor]?.[component];
    const first = pool.candidates[id1]?.[component];
    const second = pool.candidates[id2]?.[component];
    return (base === first || base === second) && first !== second;
  });
}

/** Every ancestor of a candidate (parents, their parents, …). */
export function ancestorsOf(
  parents: readonly (readonly number[])[],
  candidate: number,
): Set<number> {
  const found = new Set<number>();
  const stack = [...(parents[candidate] ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as number;
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...(parents[next] ?? []));
  }
  return found;
}

function findCommonAncestorPair(
  pool: MergePool,
  mergeCandidates: readonly number[],
  log: MergeLog,
  random: Random,
): readonly [number, number, number] | undefined {
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const [first, second] = random.shuffle(mergeCandidates).slice(0, 2) as [number, number];
    const id1 = Math.min(first, second);
    const id2 = Math.max(first, second);
    const ancestors1 = ancestorsOf(pool.parents, id1);
    const ancestors2 = ancestorsOf(pool.parents, id2);
    if (ancestors1.has(id2) || ancestors2.has(id1)) continue;
    const usable = [...ancestors1]
      .filter((ancestor) => ancestors2.has(ancestor))
      .sort((left, right) => left - right)
      .filter(
        (ancestor) =>
          !log.triplets.some(([a, b, c]) => a === id1 && b === id2 && c === ancestor) &&
          (pool.aggregates[ancestor] ?? 0) <= (pool.aggregates[id1] ?? 0) &&
          (pool.aggregates[ancestor] ?? 0) <= (pool.aggregates[id2] ?? 0) &&
          hasCombinableComponent(pool, ancestor, id1, id2),
      );
    if (usable.length === 0) continue;
    const ancestor = weightedPick(
      usable,
      usable.map((candidate) => pool.aggregates[candidate] ?? 0),
      random,
    );
    return [id1, id2, ancestor];
  }
  return undefined;
}

function sourceOf(
  pool: MergePool,
  component: string,
  id1: number,
  id2: number,
  ancestor: number,
  random: Random,
): number {
  const base = pool.candidates[ancestor]?.[component];
  const first = pool.candidates[id1]?.[component];
  const second = pool.candidates[id2]?.[component];
  // One side kept the ancestor's text: take the side that changed it.
  if ((base === first || base === second) && first !== second) return base === first ? id2 : id1;
  // Both changed it: take the better-scoring parent, a coin flip on a tie.
  if (base !== first && base !== second) {
    const score1 = pool.aggregates[id1] ?? 0;
    const score2 = pool.aggregates[id2] ?? 0;
    if (score1 !== score2) return score1 > score2 ? id1 : id2;
    return random.pick([id1, id2]);
  }
  // Both kept it (so they are equal): either will do; the reference takes id1.
  return id1;
}

/** Draws with probability proportional to weight; uniformly when every weight is zero. */
function weightedPick(
  items: readonly number[],
  weights: readonly number[],
  random: Random,
): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  // The reference's `random.choices` raises on all-zero weights; a uniform draw keeps the run going.
  if (total <= 0) return random.pick(items);
  let threshold = random.next() * total;
  for (let index = 0; index < items.length; index++) {
    threshold -= weights[index] ?? 0;
    if (threshold < 0) return items[index] as number;
  }
  return items[items.length - 1] as number;
}

function sameNumbers(left: readonly number[], right: readonly number[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}
