import { ForgeError } from './forge-error.js';

const name = 'RetryError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** Why the retry middleware gave up. */
export type RetryErrorReason =
  | 'max-retries-exceeded'
  | 'error-not-retryable'
  | 'retry-after-too-long';

/**
 * A call failed after at least one retry. The first attempt's non-retryable error is rethrown as
 * it is; this class only wraps a sequence of attempts, keeping every error in order.
 */
export class RetryError extends ForgeError {
  protected readonly [symbol] = true;
  /** Why retrying stopped. */
  readonly reason: RetryErrorReason;
  /** Number of attempts made. */
  readonly attempts: number;
  /** The error of every attempt, oldest first. */
  readonly errors: readonly unknown[];

  constructor(options: { message: string; reason: RetryErrorReason; errors: readonly unknown[] }) {
    super({ name, message: options.message, cause: options.errors.at(-1) });
    this.reason = options.reason;
    this.errors = options.errors;
    this.attempts = options.errors.length;
  }

  /** The error of the last attempt. */
  get lastError(): unknown {
    return this.errors.at(-1);
  }

  static override isInstance(error: unknown): error is RetryError {
    return ForgeError.hasMarker(error, marker);
  }
}
