import { APICallError } from '../errors/api-call-error.js';
import { maxResponseDepth } from '../language-model/nesting-depth.js';

/**
 * JSON nested `depth` levels deep (`[[…]]`, default 20,000): far past `maxResponseDepth`, and
 * deep enough that a recursive reader would run out of stack. Put it in a loopback server's body.
 */
export function deeplyNestedJson(depth = 20_000): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/**
 * Reads the failures `failuresThroughRetry` returned for answers nested too deep. For each
 * failure that is the refusal Forge promises — an `APICallError` of kind `invalid-response`,
 * not retryable, saying `invalid response from <source>: nested more than <maxResponseDepth>
 * levels deep` — it gives the place the message names (`content.0.input.a.0.0…`), or
 * `(no place)` when it names none. Anything else (a success, another error, a retryable one,
 * another source) comes back as `not refused as too deep: …` with what it was instead, so one
 * `toEqual` checks every call.
 */
export function tooDeepRefusalPlaces(
  failures: readonly (Error | undefined)[],
  source: string,
): string[] {
  const expected = `invalid response from ${source}: nested more than ${maxResponseDepth} levels deep`;
  return failures.map((failure) => {
    if (failure === undefined) return 'not refused as too deep: the call succeeded';
    if (!APICallError.isInstance(failure)) {
      return `not refused as too deep: ${failure.name}: ${failure.message}`;
    }
    const start = failure.message.indexOf(expected);
    if (failure.kind !== 'invalid-response' || failure.isRetryable || start < 0) {
      const retryable = failure.isRetryable ? 'retryable' : 'not retryable';
      return `not refused as too deep: ${failure.kind}, ${retryable}: ${failure.message}`;
    }
    const rest = failure.message.slice(start + expected.length);
    return /^ \(at ([^)]*)\)/.exec(rest)?.[1] ?? '(no place)';
  });
}
