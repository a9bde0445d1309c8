import type { SearchCostModel } from '../plan/search-cost.js';
import { minibatchThreshold } from '../settings/mipro-presets.js';
import type { MiproSettings } from '../settings/mipro-settings.js';

/**
 * How trials are scored for a validation set of this size: on minibatches when the setting
 * says so (`auto`: when the set exceeds the reference's threshold of 50), never with a
 * minibatch as large as the set itself (that is a full evaluation).
 */
export function costModelOf(settings: MiproSettings, validationSize: number): SearchCostModel {
  const wanted =
    settings.minibatch === 'auto' ? validationSize > minibatchThreshold : settings.minibatch;
  return {
    validationSize,
    minibatch: wanted && settings.minibatchSize < validationSize,
    minibatchSize: Math.min(settings.minibatchSize, validationSize),
    fullEvalSteps: settings.minibatchFullEvalSteps,
  };
}
