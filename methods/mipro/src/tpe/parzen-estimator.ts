import type { Random } from '@forge/program';

/**
 * A Parzen estimator over a product of categorical parameters, as Optuna's multivariate TPE
 * builds one: one kernel per observation plus a prior kernel, mixed by weight. An observation's
 * kernel puts `priorWeight / kernels` on every choice of each parameter and 1 more on the choice
 * it observed, normalised; the prior kernel is uniform.
 */
export interface ParzenEstimator {
  /** Mixture weights of the kernels (observations first, then the prior), summing to 1. */
  readonly weights: readonly number[];
  /** Per kernel, per parameter: the probability of each choice. */
  readonly kernels: readonly (readonly (readonly number[])[])[];
}

/**
 * Optuna's default observation weights: flat below 25 observations; above, the oldest
 * `n - 25` ramp up linearly from 1/n and the newest 25 weigh 1 (observations in time order).
 */
export function observationWeights(count: number): number[] {
  if (count < 25) return Array.from({ length: count }, () => 1);
  const rampLength = count - 25;
  const ramp = Array.from({ length: rampLength }, (_, index) =>
    rampLength === 1 ? 1 / count : 1 / count + ((1 - 1 / count) * index) / (rampLength - 1),
  );
  return [...ramp, ...Array.from({ length: 25 }, () => 1)];
}

/** Builds the estimator of some observations (parameter choices, in time order). */
export function buildParzenEstimator(
  choices: readonly number[],
  observations: readonly (readonly number[])[],
  priorWeight = 1,
): ParzenEstimator {
  if (observations.length === 0) {
    return { weights: [1], kernels: [choices.map((count) => uniform(count))] };
  }
  const kernelCount = observations.length + 1;
  const kernels = observations.map((observed) =>
    choices.map((count, parameter) => {
      const row = Array.from({ length: count }, () => priorWeight / kernelCount);
      const index = observed[parameter] as number;
      row[index] = (row[index] as number) + 1;
      return normalise(row);
    }),
  );
  kernels.push(choices.map((count) => uniform(count)));
  const weights = normalise([...observationWeights(observations.length), priorWeight]);
  return { weights, kernels };
}

/** Draws one point: a kernel by mixture weight, then each parameter from that kernel. */
export function sampleParzen(estimator: ParzenEstimator, random: Random): number[] {
  const kernel = estimator.kernels[drawIndex(estimator.weights, random)] ?? [];
  return kernel.map((row) => drawIndex(row, random));
}

/** The log density of a point under the mixture. */
export function logDensity(estimator: ParzenEstimator, point: readonly number[]): number {
  let total = 0;
  estimator.kernels.forEach((kernel, index) => {
    let product = estimator.weights[index] as number;
    kernel.forEach((row, parameter) => {
      product *= row[point[parameter] as number] as number;
    });
    total += product;
  });
  return Math.log(total);
}

function drawIndex(probabilities: readonly number[], random: Random): number {
  let remaining = random.next();
  for (let index = 0; index < probabilities.length; index++) {
    remaining -= probabilities[index] as number;
    if (remaining < 0) return index;
  }
  // Rounding can leave a sliver past the last bucket: it belongs to the last positive one.
  for (let index = probabilities.length - 1; index >= 0; index--) {
    if ((probabilities[index] as number) > 0) return index;
  }
  return 0;
}

function uniform(count: number): number[] {
  return Array.from({ length: count }, () => 1 / count);
}

function normalise(values: readonly number[]): number[] {
  const sum = values.reduce((total, value) => total + value, 0);
  return values.map((value) => value / sum);
}
