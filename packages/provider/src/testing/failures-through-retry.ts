import { APICallError } from '../errors/api-call-error.js';
import { RetryError } from '../errors/retry-error.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { withRetry } from '../middleware/with-retry.js';

/** What `failuresThroughRetry` saw. */
export interface FailuresThroughRetry {
  /** Each call's final failure (a `RetryError`'s last error), or `undefined` for a call that succeeded. */
  readonly failures: readonly (APICallError | Error | undefined)[];
  /** The kind of every failure the retry layer chose to retry, in order (empty: nothing was retried). */
  readonly retried: readonly string[];
}

/**
 * Calls `model` `calls` times through the default retry layer (1 ms back-off) and returns each
 * call's final failure and the kinds it retried: how an adapter test shows that an answer is
 * refused once, with its own error, and never retried.
 */
export async function failuresThroughRetry(
  model: LanguageModel,
  calls: number,
): Promise<FailuresThroughRetry> {
  const retried: string[] = [];
  const retrying = withRetry(model, {
    initialDelayMs: 1,
    onRetry: (event) =>
      retried.push(APICallError.isInstance(event.error) ? event.error.kind : 'unknown'),
  });
  const failures: (APICallError | Error | undefined)[] = [];
  for (let call = 0; call < calls; call++) {
    failures.push(
      await retrying.generate({ messages: [] }).then(
        () => undefined,
        (caught: unknown) => (RetryError.isInstance(caught) ? caught.lastError : caught) as Error,
      ),
    );
  }
  return { failures, retried };
}
