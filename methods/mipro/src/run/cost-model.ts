import type { SearchCostModel } from '../plan/search-cost.js';
import { minibatchThreshold } from '../settings/mipro-presets.js';
import type { MiproSettings } from '../settings/mipro-settings.js';

/**
 * How trials are scored for a validation set of this size: on minibatches when the setting
 * says so (`auto`: when the set exceeds the reference's threshold of 50), never with a
 * minibatch larger than the set. `paper` also takes a minibatch as large as the set for whole
 * validation trials; `reference` keeps the minibatch search then, as DSPy refuses only a larger
 * one (mipro_optimizer_v2.py:214–215) and scores each trial's "minibatch" on the whole set.
 */
export function costModelOf(
  settings: Pick<
    MiproSettings,
    'profile' | 'minibatch' | 'minibatchSize' | 'minibatchFullEvalSteps'
  >,
  validationSize: number,
): SearchCostModel {
  const wanted =
    settings.minibatch === 'auto' ? validationSize > minibatchThreshold : settings.minibatch;
  const fits =
    settings.profile === 'reference'
      ? settings.minibatchSize <= validationSize
      : settings.minibatchSize < validationSize;
  return {
    validationSize,
    minibatch: wanted && fits,
    minibatchSize: Math.min(settings.minibatchSize, validationSize),
    fullEvalSteps: settings.minibatchFullEvalSteps,
  };
}
