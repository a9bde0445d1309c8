import type { CallCache } from '../cache/call-cache.js';
import type { LanguageModel } from '../language-model/language-model.js';
import type { CallRecorder } from './call-recorder.js';
import type { Clock } from './clock.js';
import { type LanguageModelMiddleware, wrapLanguageModel } from './language-model-middleware.js';
import { type LimitOptions, ModelLimiter } from './model-limiter.js';
import type { UsageMeter } from './usage-meter.js';
import { withCache } from './with-cache.js';
import { withCostMeter } from './with-cost-meter.js';
import { withDepthLimit } from './with-depth-limit.js';
import { withLimits } from './with-limits.js';
import { withRecorder } from './with-recorder.js';
import { type RequestDefaults, withRequestDefaults } from './with-request-defaults.js';
import { type RetryOptions, withRetry } from './with-retry.js';
import { withTimeout } from './with-timeout.js';

/** Options of the default middleware stack. Leave a layer's option out to get its default. */
export interface DefaultMiddlewareOptions {
  /** Request fields filled in when a call leaves them out. */
  readonly defaults?: RequestDefaults;
  /** Receives every logical call (after retries). */
  readonly recorder?: CallRecorder;
  /** Counts usage and cost per role (`@forge/endpoints`' `CostMeter`); sets `costUsd`. */
  readonly costMeter?: UsageMeter;
  /** Response cache; omitted means no caching. */
  readonly cache?: CallCache;
  /** Retry policy, or `false` for none. Default `withRetry`'s defaults (4 retries). */
  readonly retry?: RetryOptions | false;
  /** Limits, or a shared limiter. Default concurrency 8, adaptive. */
  readonly limits?: LimitOptions | ModelLimiter;
  /** Per-attempt timeout in milliseconds, or `false` for none. Default 600000 (10 minutes). */
  readonly timeoutMs?: number | false;
  /** Clock for every layer that keeps time. Default the system clock. */
  readonly clock?: Clock;
}

/** Concurrency when the caller sets no limits. */
export const defaultConcurrency = 8;

/** Per-attempt timeout when the caller sets none: long enough for a reasoning model's answer. */
export const defaultTimeoutMs = 600_000;

/**
 * The default stack, outermost first:
 * request defaults → recorder → cost meter → cache → retry → limits → depth limit → timeout →
 * model. The depth limit is always there; see the package README for why each layer sits where
 * it does.
 */
export function defaultMiddleware(
  options: DefaultMiddlewareOptions = {},
): LanguageModelMiddleware[] {
  const clock = options.clock;
  const stack: LanguageModelMiddleware[] = [];
  if (options.defaults) {
    const defaults = options.defaults;
    stack.push((model) => withRequestDefaults(model, defaults));
  }
  if (options.recorder) {
    const recorder = options.recorder;
    stack.push((model) => withRecorder(model, recorder, { clock }));
  }
  if (options.costMeter) {
    const meter = options.costMeter;
    stack.push((model) => withCostMeter(model, meter));
  }
  if (options.cache) {
    const cache = options.cache;
    stack.push((model) => withCache(model, cache, { clock }));
  }
  if (options.retry !== false) {
    const retry = { clock, ...options.retry };
    stack.push((model) => withRetry(model, retry));
  }
  const limits =
    options.limits instanceof ModelLimiter
      ? options.limits
      : { concurrency: defaultConcurrency, clock, ...options.limits };
  stack.push((model) => withLimits(model, limits));
  // Outside the timeout, which must see an endpoint pool itself to time each server on its own.
  stack.push(withDepthLimit);
  if (options.timeoutMs !== false) {
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    stack.push((model) => withTimeout(model, { timeoutMs, clock }));
  }
  return stack;
}

/** Wraps `model` in the default stack. */
export function applyDefaultMiddleware(
  model: LanguageModel,
  options: DefaultMiddlewareOptions = {},
): LanguageModel {
  return wrapLanguageModel(model, ...defaultMiddleware(options));
}
