// The direct implementation the search used before the incremental `SelectionIndex`: weights
// rebuilt from the whole matrix, dominance by bit planes or by direct comparison. Kept as a test
// oracle that the incremental index must agree with exactly.
import { findDominated, maxPlanes } from './find-dominated-direct.js';

/**
 * Front-frequency multiplicities (SPEC §4, A.2, Algorithm 2). For each validation instance z the
 * local front F_z is the set of candidates whose score on z equals the maximum over all
 * candidates. A candidate is dominated when some other candidate scores at least as well on every
 * instance and strictly better on one; identical score vectors do not dominate each other.
 * w_i = [i not dominated] · |{z : i ∈ F_z}|. Scores are compared exactly.
 *
 * @param scores rows are candidates, columns validation instances (all rows the same length).
 * @returns each candidate's multiplicity w_i.
 */
export function directSelectionWeights(scores: readonly (readonly number[])[]): number[] {
  const candidates = scores.length;
  if (candidates === 0) return [];
  const instances = (scores[0] as readonly number[]).length;
  const best = new Float64Array(instances).fill(Number.NEGATIVE_INFINITY);
  for (let candidate = 0; candidate < candidates; candidate++) {
    const row = scores[candidate] as readonly number[];
    if (row.length !== instances) {
      throw new RangeError(
        `directSelectionWeights: candidate ${candidate} has ${row.length} scores, expected ${instances}`,
      );
    }
    for (let instance = 0; instance < instances; instance++) {
      const score = row[instance] as number;
      if (score > (best[instance] as number)) best[instance] = score;
    }
  }

  const weights = new Array<number>(candidates).fill(0);
  const members: number[] = [];
  // The distinct score values are collected on the way, while there are few of them. The hot
  // loops are branch-free (`+(a === b)`): scores like 0/1 are unpredictable to a branch predictor,
  // and a mispredicted branch per score costs more than the comparison itself.
  let levels: number[] | undefined = [];
  let first = Number.NaN;
  let second = Number.NaN;
  for (let candidate = 0; candidate < candidates; candidate++) {
    const row = scores[candidate] as readonly number[];
    let count = 0;
    let unseen = 0;
    for (let instance = 0; instance < instances; instance++) {
      const score = row[instance] as number;
      count += +(score === best[instance]);
      unseen |= +(score !== first) & +(score !== second);
    }
    if (unseen !== 0 && levels !== undefined) {
      for (let instance = 0; instance < instances && levels !== undefined; instance++) {
        const score = row[instance] as number;
        if (levels.indexOf(score) < 0)
          levels = levels.length > maxPlanes ? undefined : [...levels, score];
      }
      first = levels?.[0] ?? Number.NaN;
      second = levels?.[1] ?? Number.NaN;
      if (levels !== undefined && levels.length > 2) {
        // More than two values: the cheap check no longer covers them all.
        first = Number.NaN;
        second = Number.NaN;
      }
    }
    weights[candidate] = count;
    if (count > 0) members.push(candidate);
  }

  // Only front members can have weight, and whoever dominates a front member sits on all of its
  // fronts, so dominance is decided among the members alone.
  const sortedLevels = levels?.sort((left, right) => left - right);
  for (const candidate of findDominated(scores, members, sortedLevels)) weights[candidate] = 0;
  return weights;
}
