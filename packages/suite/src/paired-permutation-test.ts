import type { Random } from '@forge/program';

/** How a p-value was computed: over every sign assignment, or over random ones. */
export type PermutationMethod = 'exact' | 'monte-carlo';

/** One pair's score difference (method minus reference) and its weight in the statistic. */
export interface PairedDifference {
  /** Score difference of the pair (a score in [0, 1] minus another). */
  readonly difference: number;
  /** Its weight in the compared mean (default 1): an Aggregate weighs each benchmark equally. */
  readonly weight?: number;
}

/** A two-sided paired sign-flip permutation test. */
export interface PairedTestResult {
  /** Two-sided p-value: the chance, under exchangeable signs, of a weighted sum at least as far from 0. */
  readonly pValue: number;
  /** Pairs compared (those with a zero difference included). */
  readonly pairs: number;
  /** `exact` (every sign assignment counted) or `monte-carlo` (random sign assignments). */
  readonly method: PermutationMethod;
  /** Random sign assignments drawn, for `monte-carlo`. */
  readonly draws?: number;
}

/** Options of `pairedPermutationTest`. */
export interface PairedTestOptions {
  /** The stream of a Monte Carlo test (used only when no exact count is affordable). */
  readonly random: Random;
  /** Random sign assignments of a Monte Carlo test (default 10,000). */
  readonly draws?: number;
  /** Up to this many non-zero pairs, every sign assignment is enumerated (default 20). */
  readonly enumerateUpTo?: number;
  /** The largest (pairs × lattice size) counted exactly on a lattice (default 20,000,000). */
  readonly latticeWork?: number;
}

/** Default Monte Carlo draws. */
export const defaultPermutationDraws = 10_000;
const largestDenominator = 1_000;
const largestLattice = 1_000_000;

/**
 * A paired sign-flip permutation test of H0 "the two conditions are exchangeable within each
 * pair": under H0 each pair's difference is as likely to have either sign, so the p-value is the
 * share of the 2^m sign assignments whose weighted sum Σ ±wᵢ·dᵢ is at least as far from 0 as the
 * observed one (two-sided). Exact when it can be: every assignment enumerated for up to
 * `enumerateUpTo` non-zero pairs; else counted on a lattice when every |wᵢ·dᵢ| is a multiple of
 * one unit (binary scores, AIME's thirds, constraint fractions); else `draws` random assignments
 * from `random`, with p = (1 + hits) / (1 + draws) so it is never 0. Null without pairs.
 */
export function pairedPermutationTest(
  pairs: readonly PairedDifference[],
  options: PairedTestOptions,
): PairedTestResult | null {
  if (pairs.length === 0) return null;
  const largestWeight = Math.max(...pairs.map((pair) => pair.weight ?? 1));
  // The statistic's scale does not matter: weights relative to the largest keep lattices small.
  const values = pairs
    .map((pair) => (pair.difference * (pair.weight ?? 1)) / largestWeight)
    .filter((value) => value !== 0 && Number.isFinite(value));
  if (values.length === 0) return { pValue: 1, pairs: pairs.length, method: 'exact' };
  const magnitudes = values.map(Math.abs);
  const observed = Math.abs(values.reduce((sum, value) => sum + value, 0));
  // Sums are compared with a tolerance for floating-point rounding, never in the test's favour.
  const tolerance = 1e-9 * magnitudes.reduce((sum, value) => sum + value, 0);
  if (values.length <= (options.enumerateUpTo ?? 20)) {
    return {
      pValue: enumeratedPValue(magnitudes, observed - tolerance),
      pairs: pairs.length,
      method: 'exact',
    };
  }
  const lattice = latticeOf(magnitudes, options.latticeWork ?? 20_000_000);
  if (lattice !== undefined) {
    const observedSteps = Math.abs(
      values.reduce(
        (sum, value) => sum + Math.sign(value) * Math.round(Math.abs(value) * lattice.unit),
        0,
      ),
    );
    return {
      pValue: latticePValue(lattice.steps, observedSteps),
      pairs: pairs.length,
      method: 'exact',
    };
  }
  const draws = options.draws ?? defaultPermutationDraws;
  let hits = 0;
  for (let draw = 0; draw < draws; draw++) {
    let sum = 0;
    for (const magnitude of magnitudes) sum += options.random.next() < 0.5 ? -magnitude : magnitude;
    if (Math.abs(sum) >= observed - tolerance) hits += 1;
  }
  return { pValue: (1 + hits) / (1 + draws), pairs: pairs.length, method: 'monte-carlo', draws };
}

/** Every sign assignment, visited in Gray-code order so each differs from the last by one sign. */
function enumeratedPValue(magnitudes: readonly number[], threshold: number): number {
  const count = magnitudes.length;
  const total = 2 ** count;
  let sum = magnitudes.reduce((accumulated, value) => accumulated + value, 0);
  const signs = magnitudes.map(() => 1);
  let hits = Math.abs(sum) >= threshold ? 1 : 0;
  for (let index = 1; index < total; index++) {
    // The bit that changes between Gray codes index − 1 and index: the lowest set bit of index.
    let bit = 0;
    while (((index >> bit) & 1) === 0) bit += 1;
    const sign = signs[bit] as number;
    sum -= 2 * sign * (magnitudes[bit] as number);
    signs[bit] = -sign;
    if (Math.abs(sum) >= threshold) hits += 1;
  }
  return hits / total;
}

/**
 * The common unit of the magnitudes, when each is a fraction with a denominator up to 1,000 and
 * their lattice (the sum in units) is small enough to count: `steps` are the magnitudes in units.
 */
function latticeOf(
  magnitudes: readonly number[],
  work: number,
): { unit: number; steps: number[] } | undefined {
  let unit = 1;
  for (const magnitude of magnitudes) {
    if (isMultiple(magnitude, unit)) continue;
    let denominator = 0;
    for (let candidate = 2; candidate <= largestDenominator; candidate++) {
      if (isMultiple(magnitude, candidate)) {
        denominator = candidate;
        break;
      }
    }
    if (denominator === 0) return undefined;
    unit = (unit * denominator) / greatestCommonDivisor(unit, denominator);
    if (unit > largestLattice) return undefined;
  }
  const steps = magnitudes.map((magnitude) => Math.round(magnitude * unit));
  const size = steps.reduce((sum, step) => sum + step, 0);
  if (size * steps.length > work) return undefined;
  return { unit, steps };
}

function isMultiple(magnitude: number, denominator: number): boolean {
  const scaled = magnitude * denominator;
  return Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.max(1, scaled);
}

function greatestCommonDivisor(left: number, right: number): number {
  let a = left;
  let b = right;
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * The exact two-sided p-value on a lattice: with S = Σ ±stepᵢ = 2·Q − N, where Q is the sum of
 * the steps given a + sign, the chance of each Q over uniform sign assignments is counted by
 * dynamic programming, halving as each pair is added.
 */
function latticePValue(steps: readonly number[], observed: number): number {
  const total = steps.reduce((sum, step) => sum + step, 0);
  const chances = new Float64Array(total + 1);
  chances[0] = 1;
  let reach = 0;
  for (const step of steps) {
    for (let sum = 0; sum <= reach; sum++) chances[sum] = (chances[sum] as number) / 2;
    // Downwards, so each sum moves up by `step` once.
    for (let sum = reach; sum >= 0; sum--) {
      chances[sum + step] = (chances[sum + step] as number) + (chances[sum] as number);
    }
    reach += step;
  }
  let pValue = 0;
  for (let sum = 0; sum <= total; sum++) {
    if (Math.abs(2 * sum - total) >= observed) pValue += chances[sum] as number;
  }
  return Math.min(1, pValue);
}
