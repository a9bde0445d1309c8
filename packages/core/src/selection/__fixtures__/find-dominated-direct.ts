// Kept only as the test oracle of `SelectionIndex` (see direct-selection-weights.ts).
// Dominance among a subset of candidates. Visiting candidates by decreasing sum, a dominated
// candidate is always dominated by an undominated one visited earlier: take a maximal dominator,
// whose sum is strictly larger. So each candidate is compared only with the undominated ones
// before it. Scores usually take a few distinct values (0/1, or fractions of a few constraints);
// then each vector becomes bit planes ("rank ≥ k" per instance) with exact integer rank sums and
// a comparison costs a few 32-bit words. Otherwise scores are compared directly.

/** Above this many distinct score values, scores are compared directly. */
export const maxPlanes = 15;

/**
 * Returns the candidates of `members` that another member dominates. `levels` are the sorted
 * distinct score values (a superset of the members' values), or undefined when there are many.
 */
export function findDominated(
  scores: readonly (readonly number[])[],
  members: readonly number[],
  levels: readonly number[] | undefined,
): number[] {
  if (members.length < 2) return [];
  return levels === undefined
    ? findDominatedDirect(scores, members)
    : findDominatedByPlanes(scores, members, levels);
}

function findDominatedByPlanes(
  scores: readonly (readonly number[])[],
  members: readonly number[],
  levels: readonly number[],
): number[] {
  const instances = (scores[members[0] as number] as readonly number[]).length;
  const planes = levels.length - 1;
  const words = Math.ceil(instances / 32);
  const stride = planes * words;
  const binary = levels.length === 2 && levels[0] === 0 && levels[1] === 1;
  const bits = new Int32Array(members.length * stride);
  const rankSums = new Float64Array(members.length);
  for (let position = 0; position < members.length; position++) {
    const row = scores[members[position] as number] as readonly number[];
    const offset = position * stride;
    let rankSum = 0;
    for (let instance = 0; instance < instances; instance++) {
      const score = row[instance] as number;
      const rank = binary ? score : levels.indexOf(score);
      rankSum += rank;
      const word = offset + (instance >>> 5);
      const shift = instance & 31;
      for (let plane = 0; plane < planes; plane++) {
        const index = word + plane * words;
        bits[index] = (bits[index] as number) | (+(rank > plane) << shift);
      }
    }
    rankSums[position] = rankSum;
  }
  const order = Array.from(members.keys()).sort(
    (left, right) => (rankSums[right] as number) - (rankSums[left] as number) || left - right,
  );
  const undominated: number[] = [];
  const dominated: number[] = [];
  for (const position of order) {
    const rankSum = rankSums[position] as number;
    const offset = position * stride;
    let isDominated = false;
    for (const other of undominated) {
      // Equal rank sums with ≥ everywhere means equal vectors, which do not dominate.
      if ((rankSums[other] as number) <= rankSum) break;
      const otherOffset = other * stride;
      let covers = true;
      for (let index = 0; index < stride; index++) {
        if (((bits[offset + index] as number) & ~(bits[otherOffset + index] as number)) !== 0) {
          covers = false;
          break;
        }
      }
      if (covers) {
        isDominated = true;
        break;
      }
    }
    if (isDominated) dominated.push(members[position] as number);
    else undominated.push(position);
  }
  return dominated;
}

function findDominatedDirect(
  scores: readonly (readonly number[])[],
  members: readonly number[],
): number[] {
  const sums = new Map<number, number>();
  for (const candidate of members) {
    let sum = 0;
    for (const score of scores[candidate] as readonly number[]) sum += score;
    sums.set(candidate, sum);
  }
  const sumOf = (candidate: number) => sums.get(candidate) as number;
  const order = [...members].sort((left, right) => sumOf(right) - sumOf(left) || left - right);
  const undominated: number[] = [];
  const dominated: number[] = [];
  let groupStart = 0;
  for (let position = 0; position < order.length; position++) {
    const candidate = order[position] as number;
    const sum = sumOf(candidate);
    if (sumOf(order[groupStart] as number) !== sum) groupStart = position;
    let isDominated = false;
    for (const other of undominated) {
      if (sumOf(other) === sum) break;
      if (dominates(scores, other, candidate)) {
        isDominated = true;
        break;
      }
    }
    // Floating-point sums of a dominator and its victim can round to the same value, so members
    // of equal sum are also compared with each other.
    for (let index = groupStart; !isDominated && index < order.length; index++) {
      const other = order[index] as number;
      if (sumOf(other) !== sum) break;
      if (other !== candidate && dominates(scores, other, candidate)) isDominated = true;
    }
    if (isDominated) dominated.push(candidate);
    else undominated.push(candidate);
  }
  return dominated;
}

function dominates(scores: readonly (readonly number[])[], left: number, right: number): boolean {
  const a = scores[left] as readonly number[];
  const b = scores[right] as readonly number[];
  let strictly = false;
  for (let instance = 0; instance < a.length; instance++) {
    const x = a[instance] as number;
    const y = b[instance] as number;
    if (x < y) return false;
    if (x > y) strictly = true;
  }
  return strictly;
}
