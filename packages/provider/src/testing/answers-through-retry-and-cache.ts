import { MemoryCallCache } from '../cache/memory-call-cache.js';
import { APICallError, type APICallErrorKind } from '../errors/api-call-error.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { withCache } from '../middleware/with-cache.js';
import { withRetry } from '../middleware/with-retry.js';

/** One failure the retry layer chose to retry. */
export interface RetriedFailure {
  /** The error's kind, or `not an APICallError`. */
  readonly kind: APICallErrorKind | 'not an APICallError';
  /** Whether the error said it may be retried. */
  readonly isRetryable: boolean;
  /** The error's message. */
  readonly message: string;
}

/** What `answersThroughRetryAndCache` saw. */
export interface AnswersThroughRetryAndCache {
  /** What each call returned, in order (a cached answer has `cached: true`). */
  readonly results: readonly GenerateResult[];
  /** Every failure retried on the way, in order (empty: nothing was retried). */
  readonly retried: readonly RetriedFailure[];
}

/**
 * Asks `model` the same question `calls` times (default 2) through the default retry layer
 * (1 ms back-off) under a fresh response cache, and returns each answer and every failure
 * retried: how an adapter test shows that an unreadable body is retried like a reset and never
 * cached — the first call ends with the readable answer, the second is served from the cache.
 * A call that still fails rejects.
 */
export async function answersThroughRetryAndCache(
  model: LanguageModel,
  calls = 2,
): Promise<AnswersThroughRetryAndCache> {
  const retried: RetriedFailure[] = [];
  const stack = withCache(
    withRetry(model, {
      initialDelayMs: 1,
      onRetry: ({ error }) =>
        retried.push(
          APICallError.isInstance(error)
            ? { kind: error.kind, isRetryable: error.isRetryable, message: error.message }
            : { kind: 'not an APICallError', isRetryable: false, message: String(error) },
        ),
    }),
    new MemoryCallCache(),
  );
  const results: GenerateResult[] = [];
  for (let call = 0; call < calls; call++) {
    results.push(await stack.generate({ messages: [{ role: 'user', content: 'hi' }] }));
  }
  return { results, retried };
}
