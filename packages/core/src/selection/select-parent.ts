import type { Random } from '@forge/program';

/**
 * Draws a candidate index with probability w_i / Σw (Algorithm 2's uniform choice from the
 * multiset of front members). Throws when every weight is zero, which cannot happen for a
 * non-empty pool: the best candidate on any instance is on that front and undominated by a
 * candidate that is not.
 */
export function selectParent(weights: ArrayLike<number>, random: Random): number {
  let total = 0;
  for (let index = 0; index < weights.length; index++) total += weights[index] as number;
  if (total <= 0) throw new RangeError('selectParent: no candidate has a positive weight');
  let draw = random.int(total);
  for (let index = 0; index < weights.length; index++) {
    draw -= weights[index] as number;
    if (draw < 0) return index;
  }
  return weights.length - 1;
}
