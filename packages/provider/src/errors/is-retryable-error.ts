import { APICallError, isRetryableFailure } from './api-call-error.js';
import { ForgeError } from './forge-error.js';
import { networkFailureKind } from './network-error.js';

/**
 * The retry middleware's default rule, for every error a model can throw:
 *
 * - a Forge error is retried only when it is an `APICallError` with `isRetryable` set;
 * - any other error that carries a boolean `isRetryable` field is retried exactly when it is
 *   `true` (so a custom provider can mark its errors, and AI SDK `APICallError`s are honoured);
 * - an error with a numeric HTTP `statusCode` (or `status`) follows the HTTP rule: 408, 409, 429
 *   and 5xx;
 * - network-shaped errors (`ECONNRESET`, `ETIMEDOUT`, `fetch failed`, a `TimeoutError`, …) are
 *   retried;
 * - everything else, including aborts, is not.
 */
export function isRetryableError(error: unknown): boolean {
  if (ForgeError.isInstance(error)) return APICallError.isInstance(error) && error.isRetryable;
  if (typeof error !== 'object' || error === null) return false;
  const { isRetryable } = error as { isRetryable?: unknown };
  if (typeof isRetryable === 'boolean') return isRetryable;
  const statusCode = httpStatusOf(error);
  if (statusCode !== undefined) return isRetryableFailure('http', statusCode);
  return networkFailureKind(error) !== undefined;
}

/** The HTTP status an error object carries in `statusCode` or `status`, when it is one. */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown };
  const value = typeof statusCode === 'number' ? statusCode : status;
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599
    ? value
    : undefined;
}
