import { ForgeError } from './forge-error.js';

const name = 'APICallError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Why a call failed, in the terms retry logic decides on. `unreadable-response` is a body that
 * could not be read at all (cut mid-body, truncated or not JSON): the server's answer was lost on
 * the way, so it is retried like a reset. `invalid-response` is a body that was read and has the
 * wrong shape: asking again would most likely get the same, so it is not retried.
 */
export type APICallErrorKind =
  | 'http'
  | 'connection'
  | 'timeout'
  | 'aborted'
  | 'invalid-response'
  | 'unreadable-response'
  | 'model-not-found'
  /** A provider's own code threw an error that is not Forge's (a custom provider's plain `Error`). */
  | 'provider';

/**
 * A model call failed. Carries what a caller decides on: the HTTP status, whether a retry may
 * help, and how long the server asked to wait. Never carries credentials: adapters build the
 * message from the status and the provider's error text only.
 */
export class APICallError extends ForgeError {
  protected readonly [symbol] = true;
  /** Kind of failure. */
  readonly kind: APICallErrorKind;
  /** HTTP status, when the server answered. */
  readonly statusCode: number | undefined;
  /**
   * True when repeating the same call may succeed (408, 409, 429, 5xx, connection, timeout,
   * unreadable response).
   */
  readonly isRetryable: boolean;
  /** Milliseconds the server asked to wait (`retry-after-ms` or `retry-after`), when it said. */
  readonly retryAfterMs: number | undefined;
  /** Provider name, e.g. `openai`. */
  readonly provider: string | undefined;
  /** Model id. */
  readonly modelId: string | undefined;
  /** The response body (truncated), for diagnosis; never includes request headers. */
  readonly responseBody: string | undefined;

  constructor(options: {
    message: string;
    kind: APICallErrorKind;
    statusCode?: number;
    isRetryable?: boolean;
    retryAfterMs?: number;
    provider?: string;
    modelId?: string;
    responseBody?: string;
    cause?: unknown;
  }) {
    super({ name, message: options.message, cause: options.cause });
    this.kind = options.kind;
    this.statusCode = options.statusCode;
    this.isRetryable = options.isRetryable ?? isRetryableFailure(options.kind, options.statusCode);
    this.retryAfterMs = options.retryAfterMs;
    this.provider = options.provider;
    this.modelId = options.modelId;
    this.responseBody = options.responseBody;
  }

  static override isInstance(error: unknown): error is APICallError {
    return ForgeError.hasMarker(error, marker);
  }
}

/**
 * The retry rule: 408, 409, 429 and 5xx, connection errors, timeouts and unreadable bodies;
 * never other 4xx.
 */
export function isRetryableFailure(kind: APICallErrorKind, statusCode?: number): boolean {
  if (kind === 'connection' || kind === 'timeout' || kind === 'unreadable-response') return true;
  if (kind !== 'http' || statusCode === undefined) return false;
  return statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500;
}
