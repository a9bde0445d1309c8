import type { Random } from '@forge/program';
import { buildParzenEstimator, logDensity, sampleParzen } from './parzen-estimator.js';

/** One scored point of the search: a choice index per parameter and its value (higher is better). */
export interface TpeObservation {
  /** The choice of each parameter, in the space's order. */
  readonly params: readonly number[];
  /** The objective's value at that point. */
  readonly value: number;
}

/** The knobs of the sampler; the defaults are Optuna's. */
export interface TpeSettings {
  /** Points drawn uniformly at random before the model takes over. Default 10. */
  readonly startupTrials?: number;
  /** Points drawn from the good-points density to pick the next one from. Default 24. */
  readonly candidates?: number;
  /** Weight of the prior kernel. Default 1. */
  readonly priorWeight?: number;
}

/** How many of `count` observations form the good group: ⌈count / 10⌉, at most 25 (Optuna). */
export function goodGroupSize(count: number): number {
  return Math.min(Math.ceil(0.1 * count), 25);
}

/**
 * The next point of a Tree-structured Parzen Estimator search over categorical parameters, with
 * Optuna's multivariate semantics: until `startupTrials` observations exist it draws each
 * parameter uniformly; then it splits the observations into the best ⌈n/10⌉ (ties: earlier
 * first) and the rest, fits a joint Parzen estimator to each (kept in time order), draws
 * `candidates` points from the good one and returns the point maximising log l(x) − log g(x)
 * (the first on ties).
 *
 * A pure function of the observations and the random stream: a search saves its observations
 * and names the stream by trial, and resumes exactly.
 */
export function suggestTpe(
  choices: readonly number[],
  observations: readonly TpeObservation[],
  random: Random,
  settings: TpeSettings = {},
): number[] {
  for (const count of choices) {
    if (!Number.isInteger(count) || count < 1) {
      throw new RangeError(`suggestTpe: every parameter needs at least one choice, got ${count}`);
    }
  }
  const startupTrials = settings.startupTrials ?? 10;
  if (observations.length < startupTrials) return choices.map((count) => random.int(count));
  const ranked = observations
    .map((observation, index) => ({ observation, index }))
    .sort(
      (left, right) => right.observation.value - left.observation.value || left.index - right.index,
    );
  const goodCount = goodGroupSize(observations.length);
  const inTimeOrder = (entries: typeof ranked) =>
    entries
      .sort((left, right) => left.index - right.index)
      .map((entry) => entry.observation.params);
  const priorWeight = settings.priorWeight ?? 1;
  const good = buildParzenEstimator(choices, inTimeOrder(ranked.slice(0, goodCount)), priorWeight);
  const rest = buildParzenEstimator(choices, inTimeOrder(ranked.slice(goodCount)), priorWeight);
  let best: number[] = [];
  let bestScore = Number.NEGATIVE_INFINITY;
  const candidates = settings.candidates ?? 24;
  for (let draw = 0; draw < candidates; draw++) {
    const point = sampleParzen(good, random);
    const score = logDensity(good, point) - logDensity(rest, point);
    if (score > bestScore) {
      best = point;
      bestScore = score;
    }
  }
  return best;
}
