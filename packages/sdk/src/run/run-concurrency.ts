import type { ForgeConfig, ModelConfig } from '../config/forge-config-schema.js';
import { modelSettings } from './run-models.js';

/**
 * The task evaluations in flight when the config leaves `concurrency` unset: the widest wave of
 * the work — `width`, the validation set for a run (or the minibatch when larger), the scored
 * split for `evaluate` — so a default run is not held back by waves of a fixed size, capped by
 * the task model's own limits: its `concurrency`, its `requestsPerMinute` (more calls in flight
 * than may start in a minute would only queue), and for a pool of `baseURLs` with an
 * `endpointConcurrency`, what the servers together take. A `concurrency` given in the config
 * wins.
 */
export function runConcurrency(
  config: Pick<ForgeConfig, 'concurrency'> & { readonly taskModel: ModelConfig },
  width: number,
): number {
  if (config.concurrency !== undefined) return config.concurrency;
  const settings = modelSettings(config.taskModel);
  let concurrency = Math.max(1, Math.floor(width));
  if (settings.concurrency !== undefined) concurrency = Math.min(concurrency, settings.concurrency);
  if (settings.requestsPerMinute !== undefined) {
    concurrency = Math.min(concurrency, Math.max(1, Math.floor(settings.requestsPerMinute)));
  }
  if (settings.baseURLs !== undefined && settings.endpointConcurrency !== undefined) {
    concurrency = Math.min(concurrency, settings.baseURLs.length * settings.endpointConcurrency);
  }
  return concurrency;
}
