import { APICallError } from '../errors/api-call-error.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { abortReason, type Clock, systemClock } from './clock.js';
import { modelIdentity } from './language-model-middleware.js';
import { isPerEndpointModel } from './per-endpoint-model.js';

/** Options of `withTimeout`. */
export interface TimeoutOptions {
  /** Longest a single call may take, in milliseconds. */
  readonly timeoutMs: number;
  /** Timers. Default the system clock. */
  readonly clock?: Clock;
}

/**
 * Gives every call a deadline. On expiry the call's signal is aborted (adapters close the
 * connection) and the call rejects with a retryable `APICallError` of kind `timeout`. A caller's
 * own abort rejects with the caller's reason. The call settles at the deadline even when the
 * wrapped model ignores its signal. On an endpoint pool the deadline is set on each endpoint
 * attempt inside the pool, so an endpoint that times out is taken out and the call goes at once
 * to another.
 */
export function withTimeout(model: LanguageModel, options: TimeoutOptions): LanguageModel {
  const { timeoutMs } = options;
  if (!(timeoutMs > 0)) {
    throw new RangeError(`withTimeout: timeoutMs must be a positive number, got ${timeoutMs}`);
  }
  if (isPerEndpointModel(model)) {
    return model.withEndpointMiddleware((endpoint) => withTimeout(endpoint, options));
  }
  const clock = options.clock ?? systemClock;
  return {
    ...modelIdentity(model),
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const outer = request.abortSignal;
      outer?.throwIfAborted();
      const controller = new AbortController();
      const onOuterAbort = () => controller.abort(abortReason(outer as AbortSignal));
      outer?.addEventListener('abort', onOuterAbort, { once: true });
      const timer = clock.setTimeout(() => {
        controller.abort(
          new APICallError({
            message: `${model.provider}:${model.modelId}: no response within ${timeoutMs} ms`,
            kind: 'timeout',
            provider: model.provider,
            modelId: model.modelId,
          }),
        );
      }, timeoutMs);
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(abortReason(controller.signal)), {
          once: true,
        });
      });
      try {
        return await Promise.race([
          model.generate({ ...request, abortSignal: controller.signal }),
          aborted,
        ]);
      } catch (error) {
        // An adapter may surface the abort as its own error type; the signal's reason is the truth.
        if (controller.signal.aborted) throw abortReason(controller.signal);
        throw error;
      } finally {
        clock.clearTimeout(timer);
        outer?.removeEventListener('abort', onOuterAbort);
      }
    },
  };
}
