import { redactSecrets } from '../settings/redact-secrets.js';
import { APICallError, type APICallErrorKind } from './api-call-error.js';
import { type HeaderLookup, parseRetryAfterMs } from './parse-retry-after.js';

const maxBodyLength = 2000;

/**
 * Builds the `APICallError` for a non-2xx response, the way every adapter should: status,
 * retryability (an explicit `x-should-retry` header wins over the status rule), the wait the
 * server asked for, and a message and body with credentials redacted and the body truncated.
 */
export function httpCallError(options: {
  /** Provider name, e.g. `openai`. */
  readonly provider: string;
  /** Model id. */
  readonly modelId: string;
  /** HTTP status. */
  readonly statusCode: number;
  /** The provider's error text (from the body), without the status. */
  readonly detail: string;
  /** Response headers. */
  readonly header: HeaderLookup;
  /** Raw response body, when known. */
  readonly responseBody?: string;
  /** Overrides the kind (e.g. `model-not-found`). Default `http`. */
  readonly kind?: APICallErrorKind;
  /** A sentence telling the user what to do, appended to the message. */
  readonly hint?: string;
  /** The original error, after `scrubError`. */
  readonly cause?: unknown;
  /** Clock for HTTP-date `retry-after` values. */
  readonly now?: number;
}): APICallError {
  const shouldRetry = options.header('x-should-retry')?.trim().toLowerCase();
  const kind = options.kind ?? 'http';
  const detail = redactSecrets(options.detail.trim() || 'no error message');
  const hint = options.hint === undefined ? '' : ` ${options.hint}`;
  return new APICallError({
    message: `${options.provider}:${options.modelId}: HTTP ${options.statusCode}: ${detail}${hint}`,
    kind,
    statusCode: options.statusCode,
    ...(shouldRetry === 'true' ? { isRetryable: true } : {}),
    ...(shouldRetry === 'false' || kind === 'model-not-found' ? { isRetryable: false } : {}),
    retryAfterMs: parseRetryAfterMs(options.header, options.now),
    provider: options.provider,
    modelId: options.modelId,
    responseBody:
      options.responseBody === undefined
        ? undefined
        : truncate(redactSecrets(options.responseBody)),
    cause: options.cause,
  });
}

/**
 * A copy of an error (and its causes, three deep) reduced to name and redacted message. Wrapped
 * SDK errors can hold response bodies and headers; the copy is safe to log or persist.
 */
export function scrubError(error: unknown, depth = 0): Error {
  const source = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(redactSecrets(source.message));
  copy.name = source.name;
  copy.stack = `${copy.name}: ${copy.message}`;
  if (depth < 3 && source.cause !== undefined) {
    Object.defineProperty(copy, 'cause', {
      value: scrubError(source.cause, depth + 1),
      enumerable: false,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function truncate(text: string): string {
  return text.length <= maxBodyLength ? text : `${text.slice(0, maxBodyLength)}… (truncated)`;
}
