import type { CallCache } from '../cache/call-cache.js';
import { callCacheKey } from '../cache/call-cache-key.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { abortReason, type Clock, systemClock } from './clock.js';
import { modelIdentity } from './language-model-middleware.js';

/** Options of `withCache`. */
export interface CacheOptions {
  /** Serve hits but never write. Default false. */
  readonly readOnly?: boolean;
  /** Stamps `storedAt`. Default the system clock. */
  readonly clock?: Clock;
}

interface Flight {
  readonly key: string;
  readonly result: Promise<GenerateResult>;
  readonly controller: AbortController;
  callers: number;
}

/**
 * Serves repeated calls from a `CallCache`. A hit returns the stored result with
 * `cached: true` and makes no call. Identical calls in flight at the same time share one
 * provider call (the followers also see `cached: true`, since only the first was paid for); the
 * shared call is aborted only when every caller waiting on it has aborted. Errors and results
 * with finish reason `error` are never stored.
 */
export function withCache(
  model: LanguageModel,
  cache: CallCache,
  options: CacheOptions = {},
): LanguageModel {
  const clock = options.clock ?? systemClock;
  const inFlight = new Map<string, Flight>();

  function forget(flight: Flight): void {
    if (inFlight.get(flight.key) === flight) inFlight.delete(flight.key);
  }

  function start(key: string, request: GenerateRequest): Flight {
    const controller = new AbortController();
    // Assigned before the call below can settle: the async body runs to its first await first.
    let flight: Flight | undefined;
    const result = (async () => {
      try {
        const fresh = await model.generate({ ...request, abortSignal: controller.signal });
        if (!options.readOnly && fresh.finishReason !== 'error') {
          const { cached: _cached, costUsd: _costUsd, ...stored } = fresh;
          await cache.set(key, {
            result: stored,
            provider: model.provider,
            modelId: model.modelId,
            storedAt: clock.now(),
          });
        }
        return fresh;
      } finally {
        if (flight !== undefined) forget(flight);
      }
    })();
    flight = { key, result, controller, callers: 0 };
    inFlight.set(key, flight);
    return flight;
  }

  function join(flight: Flight, signal: AbortSignal | undefined): Promise<GenerateResult> {
    flight.callers++;
    if (signal === undefined) return flight.result;
    return new Promise<GenerateResult>((resolve, reject) => {
      const onAbort = () => {
        flight.callers--;
        if (flight.callers === 0) {
          // Nobody waits any more: a later identical call must start afresh, not join a corpse.
          forget(flight);
          flight.controller.abort(abortReason(signal));
        }
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.result.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  return {
    ...modelIdentity(model),
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      request.abortSignal?.throwIfAborted();
      const key = callCacheKey(model, request);
      const entry = await cache.get(key);
      if (entry !== undefined) return { ...entry.result, cached: true };
      request.abortSignal?.throwIfAborted();
      const existing = inFlight.get(key);
      if (existing !== undefined && !existing.controller.signal.aborted) {
        const shared = await join(existing, request.abortSignal);
        return { ...shared, cached: true };
      }
      return join(start(key, request), request.abortSignal);
    },
  };
}
