import { APICallError, type APICallErrorKind, ForgeError, isRetryableError } from '@forge/provider';

const name = 'EndpointPoolError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** Why a pool gave a call up. */
export type EndpointPoolErrorReason =
  /** The endpoint answered with an error that is the request's fault (a 400, a 404, bad output). */
  | 'endpoint-error'
  /** Every up endpoint was tried and each failed (connection, timeout, 5xx, 429). */
  | 'all-endpoints-failed'
  /** No endpoint was up to send the call to. */
  | 'no-endpoint-up';

/** One endpoint a call was sent to, and how it failed. */
export interface EndpointAttempt {
  /** The endpoint's label (its base URL without credentials). */
  readonly endpoint: string;
  /** What it failed with. */
  readonly error: unknown;
}

/**
 * A call through an endpoint pool failed. It is an `APICallError` whose kind, status, retry
 * flag and `retry-after` are those of the last endpoint's error, so the retry and limit layers
 * decide on it as on any other; the message names every endpoint tried (never a key: it is
 * built from the adapters' redacted messages).
 */
export class EndpointPoolError extends APICallError {
  protected readonly [symbol] = true;
  /** Why the pool gave up. */
  readonly reason: EndpointPoolErrorReason;
  /** The endpoints the call was sent to, in order. */
  readonly endpoints: readonly string[];
  /** Each endpoint's error, in the order tried. */
  readonly attempts: readonly EndpointAttempt[];

  constructor(options: {
    message: string;
    reason: EndpointPoolErrorReason;
    attempts: readonly EndpointAttempt[];
    provider: string;
    modelId: string;
  }) {
    const last = options.attempts.at(-1)?.error;
    const lastCall = APICallError.isInstance(last) ? last : undefined;
    const kind: APICallErrorKind =
      lastCall?.kind ?? (options.reason === 'no-endpoint-up' ? 'connection' : 'provider');
    super({
      message: options.message,
      kind,
      isRetryable: options.reason === 'no-endpoint-up' || isRetryableError(last),
      provider: options.provider,
      modelId: options.modelId,
      cause: last,
      ...(lastCall?.statusCode === undefined ? {} : { statusCode: lastCall.statusCode }),
      ...(lastCall?.retryAfterMs === undefined ? {} : { retryAfterMs: lastCall.retryAfterMs }),
      ...(lastCall?.responseBody === undefined ? {} : { responseBody: lastCall.responseBody }),
    });
    this.name = name;
    this.reason = options.reason;
    this.attempts = options.attempts;
    this.endpoints = options.attempts.map((attempt) => attempt.endpoint);
  }

  static override isInstance(error: unknown): error is EndpointPoolError {
    return ForgeError.hasMarker(error, marker);
  }
}
