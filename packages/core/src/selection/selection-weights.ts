import { SelectionIndex } from './selection-index.js';

/**
 * Front-frequency multiplicities (SPEC §4, A.2, Algorithm 2). For each validation instance z the
 * local front F_z is the set of candidates whose score on z equals the maximum over all
 * candidates. A candidate is dominated when some other candidate scores at least as well on every
 * instance and strictly better on one; identical score vectors do not dominate each other.
 * w_i = [i not dominated] · |{z : i ∈ F_z}|. Scores are compared exactly.
 *
 * A search keeps a `SelectionIndex` and adds each candidate as it joins; this computes the same
 * weights for a whole matrix at once.
 *
 * @param scores rows are candidates, columns validation instances (all rows the same length).
 * @returns each candidate's multiplicity w_i.
 */
export function selectionWeights(scores: readonly (readonly number[])[]): number[] {
  if (scores.length === 0) return [];
  const instances = (scores[0] as readonly number[]).length;
  const index = new SelectionIndex(instances, { capacity: scores.length });
  scores.forEach((row, candidate) => {
    if (row.length !== instances) {
      throw new RangeError(
        `selectionWeights: candidate ${candidate} has ${row.length} scores, expected ${instances}`,
      );
    }
    index.add(row);
  });
  return Array.from(index.weights());
}
