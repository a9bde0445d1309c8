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
export function selectionWeights(scores: readonly (readonly number[])[]): number[] {
  const candidates = scores.length;
  if (candidates === 0) return [];
  const instances = (scores[0] as readonly number[]).length;
  const matrix = new Float64Array(candidates * instances);
  const sums = new Float64Array(candidates);
  for (let candidate = 0; candidate < candidates; candidate++) {
    const row = scores[candidate] as readonly number[];
    if (row.length !== instances) {
      throw new RangeError(
        `selectionWeights: candidate ${candidate} has ${row.length} scores, expected ${instances}`,
      );
    }
    let sum = 0;
    for (let instance = 0; instance < instances; instance++) {
      const score = row[instance] as number;
      matrix[candidate * instances + instance] = score;
      sum += score;
    }
    sums[candidate] = sum;
  }

  const best = new Float64Array(instances).fill(Number.NEGATIVE_INFINITY);
  for (let candidate = 0; candidate < candidates; candidate++) {
    const offset = candidate * instances;
    for (let instance = 0; instance < instances; instance++) {
      const score = matrix[offset + instance] as number;
      if (score > (best[instance] as number)) best[instance] = score;
    }
  }

  const weights = new Array<number>(candidates).fill(0);
  // firstFront[i] = the first instance on whose front i sits; any dominator of i must sit on
  // every front i sits on, so only that front's members need checking.
  const firstFront = new Int32Array(candidates).fill(-1);
  for (let candidate = 0; candidate < candidates; candidate++) {
    const offset = candidate * instances;
    let count = 0;
    for (let instance = 0; instance < instances; instance++) {
      if (matrix[offset + instance] === best[instance]) {
        if (count === 0) firstFront[candidate] = instance;
        count++;
      }
    }
    weights[candidate] = count;
  }

  const frontMembers = new Map<number, number[]>();
  const membersOf = (front: number): number[] => {
    let members = frontMembers.get(front);
    if (members === undefined) {
      members = [];
      for (let other = 0; other < candidates; other++) {
        if (matrix[other * instances + front] === best[front]) members.push(other);
      }
      frontMembers.set(front, members);
    }
    return members;
  };

  for (let candidate = 0; candidate < candidates; candidate++) {
    if ((weights[candidate] as number) === 0) continue;
    const members = membersOf(firstFront[candidate] as number);
    const sum = sums[candidate] as number;
    for (const other of members) {
      // A dominator's floating-point sum is never smaller (rounding is monotone).
      if (other === candidate || (sums[other] as number) < sum) continue;
      if (dominates(matrix, instances, other, candidate)) {
        weights[candidate] = 0;
        break;
      }
    }
  }
  return weights;
}

function dominates(matrix: Float64Array, instances: number, left: number, right: number): boolean {
  const leftOffset = left * instances;
  const rightOffset = right * instances;
  let strictly = false;
  for (let instance = 0; instance < instances; instance++) {
    const a = matrix[leftOffset + instance] as number;
    const b = matrix[rightOffset + instance] as number;
    if (a < b) return false;
    if (a > b) strictly = true;
  }
  return strictly;
}
