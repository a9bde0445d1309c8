import type { Random } from '@forge/program';
import { pythonCopiedSetOrder } from './python-set-order.js';

/**
 * The order dominated-program removal meets candidates of equal aggregate score in: `index`
 * (Forge's `paper` profile: each front ascending) or `python-set` (the `reference` profile: each
 * front in the order CPython iterates a copy of the reference's `set`, which differs once indices
 * pass the set's table size and shifts 0.1–0.3% of parent selections).
 */
export type FrontTieOrder = 'index' | 'python-set';

/** Per validation instance (by position), the candidates with the highest score on it, ascending. */
export type InstanceFronts = readonly (readonly number[])[];

/**
 * The instance-level fronts: for every validation instance, the set of candidates whose score on
 * it equals the maximum over all candidates (scores compared exactly, as the reference does).
 */
export function instanceFronts(scores: readonly (readonly number[])[]): InstanceFronts {
  const size = scores[0]?.length ?? 0;
  return Array.from({ length: size }, (_, instance) => {
    let best = Number.NEGATIVE_INFINITY;
    let front: number[] = [];
    scores.forEach((row, candidate) => {
      const score = row[instance] ?? Number.NEGATIVE_INFINITY;
      if (score > best) {
        best = score;
        front = [candidate];
      } else if (score === best) front.push(candidate);
    });
    return front;
  });
}

/**
 * The reference's dominated-program removal (`remove_dominated_programs`): candidates on any
 * front are visited from the lowest aggregate score up (ties in order of first appearance), and
 * the first one whose every front also holds another surviving candidate is removed; the scan
 * then restarts, until no candidate can be removed. Returns the fronts without the removed ones.
 * First appearance walks the fronts in validation order, each front in `tieOrder`.
 */
export function removeDominatedPrograms(
  fronts: InstanceFronts,
  aggregates: readonly number[],
  tieOrder: FrontTieOrder = 'index',
): InstanceFronts {
  const order: number[] = [];
  for (const front of fronts) {
    // The reference builds each front as a set by adding its candidates in index order
    // (core/state.py:931–944) and walks a copy of it (`set(front)`, core/state.py:1030).
    const walked = tieOrder === 'python-set' ? pythonCopiedSetOrder(front) : front;
    for (const candidate of walked) if (!order.includes(candidate)) order.push(candidate);
  }
  // Array.prototype.sort is stable, so equal aggregates keep their first-appearance order.
  const programs = [...order].sort(
    (left, right) => (aggregates[left] ?? 0) - (aggregates[right] ?? 0),
  );
  const removed = new Set<number>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const candidate of programs) {
      if (removed.has(candidate)) continue;
      const covered = fronts
        .filter((front) => front.includes(candidate))
        .every((front) => front.some((other) => other !== candidate && !removed.has(other)));
      if (covered) {
        removed.add(candidate);
        changed = true;
        break;
      }
    }
  }
  return fronts.map((front) => front.filter((candidate) => !removed.has(candidate)));
}

/** The candidates left on some front after dominated-program removal, ascending. */
export function dominatorPrograms(
  fronts: InstanceFronts,
  aggregates: readonly number[],
  tieOrder: FrontTieOrder = 'index',
): number[] {
  const reduced = removeDominatedPrograms(fronts, aggregates, tieOrder);
  return [...new Set(reduced.flat())].sort((left, right) => left - right);
}

/**
 * The reference's Pareto parent selection: after dominated-program removal, each surviving
 * candidate appears once per front it is on; one entry of that multiset is drawn uniformly.
 */
export function selectFromParetoFront(
  fronts: InstanceFronts,
  aggregates: readonly number[],
  random: Random,
  tieOrder: FrontTieOrder = 'index',
): number {
  const reduced = removeDominatedPrograms(fronts, aggregates, tieOrder);
  const frequency = new Map<number, number>();
  for (const front of reduced) {
    for (const candidate of front) frequency.set(candidate, (frequency.get(candidate) ?? 0) + 1);
  }
  const entries: number[] = [];
  for (const [candidate, count] of frequency) {
    for (let copy = 0; copy < count; copy++) entries.push(candidate);
  }
  return random.pick(entries);
}

/** The index of the highest value; the earliest wins ties. */
export function indexOfMax(values: readonly number[]): number {
  let best = 0;
  values.forEach((value, index) => {
    if (value > (values[best] ?? Number.NEGATIVE_INFINITY)) best = index;
  });
  return best;
}
