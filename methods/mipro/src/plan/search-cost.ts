/** What the search's evaluation count depends on. */
export interface SearchCostModel {
  /** Validation instances the search scores on (after the preset's subsample). */
  readonly validationSize: number;
  /** True when trials are scored on minibatches (with periodic full evaluations). */
  readonly minibatch: boolean;
  /** Instances per minibatch trial. */
  readonly minibatchSize: number;
  /** A full evaluation after every this many minibatch trials, and after the last. */
  readonly fullEvalSteps: number;
}

/** Full validation evaluations a minibatch search of `trials` trials makes at most: ⌈trials / steps⌉. */
export function fullEvaluations(trials: number, model: SearchCostModel): number {
  return model.minibatch ? Math.ceil(trials / model.fullEvalSteps) : 0;
}

/**
 * The search's task evaluations, at most: the seed on the whole validation set, then each trial
 * (a minibatch, or the whole validation set without minibatches), then the periodic full
 * evaluations. The realized count can be lower: a full evaluation is skipped when every
 * combination tried has had one, and without minibatches a repeated combination is not re-run.
 */
export function searchEvaluations(trials: number, model: SearchCostModel): number {
  const trial = model.minibatch ? model.minibatchSize : model.validationSize;
  return (
    model.validationSize + trials * trial + fullEvaluations(trials, model) * model.validationSize
  );
}

/**
 * The largest trial count whose estimated search evaluations fit in `available` (B.4: the largest
 * conservative trial count under the ceiling), at most `cap` when given; 0 when not even one
 * trial fits.
 */
export function largestTrials(available: number, model: SearchCostModel, cap?: number): number {
  if (searchEvaluations(1, model) > available) return 0;
  // The estimate grows with the trial count, so a doubling then bisection finds the largest.
  let low = 1;
  let high = 2;
  while (searchEvaluations(high, model) <= available) {
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (searchEvaluations(middle, model) <= available) low = middle;
    else high = middle;
  }
  return cap === undefined ? low : Math.min(low, cap);
}
