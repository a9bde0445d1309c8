import { APICallError } from '../errors/api-call-error.js';
import { isRetryableError } from '../errors/is-retryable-error.js';
import { RetryError, type RetryErrorReason } from '../errors/retry-error.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { type Clock, sleep, systemClock } from './clock.js';
import { modelIdentity } from './language-model-middleware.js';

/** What `onRetry` hears before each wait. */
export interface RetryEvent {
  /** Provider name. */
  readonly provider: string;
  /** Model id. */
  readonly modelId: string;
  /** `request.metadata.role` of the call, when given. */
  readonly role?: string;
  /** The attempt that failed, 1-based. */
  readonly attempt: number;
  /** Milliseconds until the next attempt. */
  readonly delayMs: number;
  /** True when the delay is the server's `retry-after`, false for computed backoff. */
  readonly fromRetryAfter: boolean;
  /** The error of the failed attempt. */
  readonly error: unknown;
}

/** Options of `withRetry`. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 4 (five attempts in all). */
  readonly maxRetries?: number;
  /** Backoff before the first retry, in milliseconds. Default 1000. */
  readonly initialDelayMs?: number;
  /** Factor the backoff grows by per retry. Default 2. */
  readonly backoffFactor?: number;
  /** Upper bound of the computed backoff. Default 30000. */
  readonly maxDelayMs?: number;
  /**
   * A server-requested wait longer than this ends retrying (`retry-after-too-long`): a quota
   * that resets in an hour is a failure to report, not to sit out. Default 120000.
   */
  readonly maxRetryAfterMs?: number;
  /** Fraction of the computed backoff taken off at random, 0–1. Default 0.25. */
  readonly jitter?: number;
  /** Uniform random numbers in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
  /** Timers. Default the system clock. */
  readonly clock?: Clock;
  /**
   * Decides whether an error is worth another attempt. Default `isRetryableError`: an
   * `APICallError`'s `isRetryable`, a boolean `isRetryable` on any other error, the HTTP rule for
   * a `statusCode`, and network-shaped errors (`ECONNRESET`, `ETIMEDOUT`, `fetch failed`, …).
   */
  readonly isRetryable?: (error: unknown) => boolean;
  /** Called before each wait, e.g. to log or count retries. */
  readonly onRetry?: (event: RetryEvent) => void;
}

/**
 * Retries failed calls with exponential backoff and jitter. Retries what `isRetryable` allows —
 * by default 408, 409, 429, 5xx, connection errors, timeouts (network-shaped plain errors
 * included) and unreadable bodies, never other 4xx — waiting what
 * the server asked (`retry-after-ms`, `retry-after`) when it said, else the computed backoff.
 * A caller's abort ends retrying at once with the caller's reason.
 */
export function withRetry(model: LanguageModel, options: RetryOptions = {}): LanguageModel {
  const maxRetries = options.maxRetries ?? 4;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new RangeError(`withRetry: maxRetries must be a non-negative integer, got ${maxRetries}`);
  }
  const initialDelayMs = options.initialDelayMs ?? 1000;
  const backoffFactor = options.backoffFactor ?? 2;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0.25));
  const random = options.random ?? Math.random;
  const clock = options.clock ?? systemClock;
  const isRetryable = options.isRetryable ?? isRetryableError;

  return {
    ...modelIdentity(model),
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const errors: unknown[] = [];
      for (let attempt = 1; ; attempt++) {
        try {
          return await model.generate(request);
        } catch (error) {
          if (request.abortSignal?.aborted) throw error;
          errors.push(error);
          const giveUp = (reason: RetryErrorReason, why: string): never => {
            if (errors.length === 1) throw error;
            throw new RetryError({
              reason,
              errors,
              message: `${model.provider}:${model.modelId}: failed after ${errors.length} attempts (${why}). Last error: ${messageOf(error)}`,
            });
          };
          if (!isRetryable(error)) giveUp('error-not-retryable', 'error is not retryable');
          if (attempt > maxRetries) giveUp('max-retries-exceeded', 'retries exhausted');
          const retryAfterMs = APICallError.isInstance(error) ? error.retryAfterMs : undefined;
          if (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs) {
            giveUp('retry-after-too-long', `server asked to wait ${retryAfterMs} ms`);
          }
          const backoff = Math.min(maxDelayMs, initialDelayMs * backoffFactor ** (attempt - 1));
          const delayMs = retryAfterMs ?? backoff * (1 - jitter * random());
          options.onRetry?.({
            provider: model.provider,
            modelId: model.modelId,
            ...(request.metadata?.role === undefined ? {} : { role: request.metadata.role }),
            attempt,
            delayMs,
            fromRetryAfter: retryAfterMs !== undefined,
            error,
          });
          await sleep(delayMs, { clock, signal: request.abortSignal });
        }
      }
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
