import { parseCharges } from './parse-charges.js';

/**
 * The LawBench crime-prediction metric (Meta-Harness `eval_lawbench`, SPEC §11): 1 when the set of
 * charges parsed from the response equals the set parsed from the gold target. The gold may be
 * given as the target string (`"盗窃;诈骗"`) or as a list, which is joined with `;` into that
 * string first, so both sides go through the same parser as in the reference.
 */
export function scoreCharges(response: string, goldCharges: readonly string[] | string): 0 | 1 {
  return sameCharges(parseCharges(response).charges, goldChargeSet(goldCharges)) ? 1 : 0;
}

/** The gold charges as the reference's parser sees them. */
export function goldChargeSet(goldCharges: readonly string[] | string): readonly string[] {
  const target = typeof goldCharges === 'string' ? goldCharges : goldCharges.join(';');
  return parseCharges(target).charges;
}

/** Set equality of two charge lists. */
export function sameCharges(left: readonly string[], right: readonly string[]): boolean {
  const leftSet = new Set(left);
  const rightSet = new Set(right);
  return leftSet.size === rightSet.size && [...leftSet].every((charge) => rightSet.has(charge));
}
