import { ForgeError } from '@forge/provider';

const queueName = 'SuiteQueueError';
const queueMarker = `forge.error.${queueName}`;
const queueSymbol = Symbol.for(queueMarker);

/** What went wrong with a suite queue, for callers that decide on it. */
export type SuiteQueueErrorReason =
  /** The queue URL is not a `redis://` or `rediss://` URL. */
  | 'url'
  /** Redis did not answer. */
  | 'unreachable'
  /** The queue knows no suite of that key (never enqueued, or its Redis was emptied). */
  | 'unknown-suite'
  /** A record in Redis is not what this version writes. */
  | 'bad-record'
  /** Redis refused the password or user. */
  | 'auth'
  /** The database index does not exist on that Redis. */
  | 'database'
  /** A TLS setting (CA, certificate, key) cannot be used. */
  | 'tls'
  /** A worker's allowed suite directories are missing or do not exist. */
  | 'suite-dir';

/**
 * A suite queue cannot be used. The message names the queue by its URL with any password
 * removed, and says what to do; `reason` is stable for callers.
 */
export class SuiteQueueError extends ForgeError {
  protected readonly [queueSymbol] = true;
  /** Why. */
  readonly reason: SuiteQueueErrorReason;
  /** The queue URL, password removed. */
  readonly queue: string;

  constructor(options: {
    reason: SuiteQueueErrorReason;
    queue: string;
    message: string;
    cause?: unknown;
  }) {
    super({ name: queueName, message: options.message, cause: options.cause });
    this.reason = options.reason;
    this.queue = options.queue;
  }

  static override isInstance(error: unknown): error is SuiteQueueError {
    return ForgeError.hasMarker(error, queueMarker);
  }
}
