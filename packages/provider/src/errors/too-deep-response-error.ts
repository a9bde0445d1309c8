import { maxResponseDepth, pathBeyondDepth } from '../language-model/nesting-depth.js';
import { APICallError } from './api-call-error.js';

/** Where a response came from, for `tooDeepResponseError` and `checkResponseDepth`. */
export interface ResponseOrigin {
  /** Provider name, e.g. `openai`. */
  readonly provider: string;
  /** Model id. */
  readonly modelId: string;
  /** Where the response came from (base URL, host or SDK provider), for the message. */
  readonly source: string;
}

/**
 * The `APICallError` for a response nested more than `maxResponseDepth` levels deep: kind
 * `invalid-response`, not retried (a server that answers so once will most likely again). Its
 * message names the model, the source and where the nesting went too deep; no body is kept.
 */
export function tooDeepResponseError(
  origin: ResponseOrigin & {
    /** Where in the response the limit was passed, when known (`choices.0.message…`). */
    readonly where?: string;
    /** The original error (an SDK's stack overflow), when there was one. */
    readonly cause?: unknown;
  },
): APICallError {
  const where = origin.where === undefined ? '' : ` (at ${origin.where})`;
  return new APICallError({
    message: `${origin.provider}:${origin.modelId}: invalid response from ${origin.source}: nested more than ${maxResponseDepth} levels deep${where}; Forge reads no answer that deep`,
    kind: 'invalid-response',
    isRetryable: false,
    provider: origin.provider,
    modelId: origin.modelId,
    ...(origin.cause === undefined ? {} : { cause: origin.cause }),
  });
}

/**
 * Throws `tooDeepResponseError` when `value` (a parsed body, an error body, a model's answer)
 * nests more than `maxResponseDepth` levels deep; returns it otherwise.
 */
export function checkResponseDepth<T>(value: T, origin: ResponseOrigin): T {
  const where = pathBeyondDepth(value, maxResponseDepth);
  if (where !== undefined) throw tooDeepResponseError({ ...origin, where });
  return value;
}

/**
 * True for the `RangeError` V8 throws when the stack runs out — what an SDK's own
 * `JSON.stringify` of a deeply nested error body throws before Forge sees the body.
 */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack size/i.test(error.message);
}
