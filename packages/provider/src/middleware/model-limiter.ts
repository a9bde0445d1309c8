import { abortReason, type Clock, systemClock } from './clock.js';
import { TokenBucket } from './token-bucket.js';

/** Options of a `ModelLimiter`. */
export interface LimitOptions {
  /** Calls in flight at once. Default unlimited. */
  readonly concurrency?: number;
  /** Calls started per minute. Default unlimited. */
  readonly requestsPerMinute?: number;
  /** Tokens (input + output) per minute. Default unlimited. */
  readonly tokensPerMinute?: number;
  /**
   * Halve the concurrency on each 429 and grow it back by one after a run of successes
   * (additive increase, multiplicative decrease). Default true when `concurrency` is set.
   */
  readonly adaptive?: boolean;
  /** Floor of the adaptive concurrency. Default 1. */
  readonly minConcurrency?: number;
  /** Successes in a row that earn one more slot. Default 2 × concurrency. */
  readonly increaseAfter?: number;
  /** Timers. Default the system clock. */
  readonly clock?: Clock;
}

/** What a finished call tells the limiter. */
export interface LimitOutcome {
  /** Tokens the call really used, when it succeeded. */
  readonly usedTokens?: number;
  /** True when the call failed with HTTP 429. */
  readonly rateLimited?: boolean;
}

/** A granted slot; release it exactly once when the call ends. */
export interface LimitPermit {
  /** Frees the slot and corrects the token books. */
  release(outcome?: LimitOutcome): void;
}

interface Waiter {
  readonly estimatedTokens: number;
  readonly resolve: (permit: LimitPermit) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

/**
 * Admits calls in arrival order under a concurrency limit and requests- and tokens-per-minute
 * budgets. One limiter may be shared by several model objects that draw on the same account.
 */
export class ModelLimiter {
  private readonly clock: Clock;
  private readonly maxConcurrency: number;
  private readonly minConcurrency: number;
  private readonly adaptive: boolean;
  private readonly increaseAfter: number;
  private readonly requests: TokenBucket | undefined;
  private readonly tokens: TokenBucket | undefined;
  private readonly queue: Waiter[] = [];
  private concurrencyLimit: number;
  private successes = 0;
  private running = 0;
  private timer: unknown;

  constructor(options: LimitOptions = {}) {
    this.clock = options.clock ?? systemClock;
    const now = this.clock.now();
    this.maxConcurrency = positive(options.concurrency, 'concurrency') ?? Number.POSITIVE_INFINITY;
    this.minConcurrency = Math.min(
      positive(options.minConcurrency, 'minConcurrency') ?? 1,
      this.maxConcurrency,
    );
    this.adaptive = (options.adaptive ?? true) && Number.isFinite(this.maxConcurrency);
    this.increaseAfter =
      positive(options.increaseAfter, 'increaseAfter') ?? 2 * Math.max(1, this.maxConcurrency);
    this.concurrencyLimit = this.maxConcurrency;
    const requestsPerMinute = positive(options.requestsPerMinute, 'requestsPerMinute');
    const tokensPerMinute = positive(options.tokensPerMinute, 'tokensPerMinute');
    this.requests =
      requestsPerMinute === undefined
        ? undefined
        : new TokenBucket({ capacity: requestsPerMinute, periodMs: 60_000, now });
    this.tokens =
      tokensPerMinute === undefined
        ? undefined
        : new TokenBucket({ capacity: tokensPerMinute, periodMs: 60_000, now });
  }

  /** The concurrency now in force (lower than configured after 429s). */
  get concurrency(): number {
    return this.concurrencyLimit;
  }

  /** Calls holding a slot. */
  get active(): number {
    return this.running;
  }

  /** Calls waiting for a slot. */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * Waits for a slot for a call of about `estimatedTokens` tokens. Rejects with the signal's
   * reason if `signal` aborts while waiting.
   */
  acquire(estimatedTokens: number, signal?: AbortSignal): Promise<LimitPermit> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<LimitPermit>((resolve, reject) => {
      const waiter: Waiter = {
        estimatedTokens,
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.queue.indexOf(waiter);
          if (index >= 0) this.queue.splice(index, 1);
          reject(abortReason(signal as AbortSignal));
          this.pump();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0 && this.running < this.concurrencyLimit) {
      const waiter = this.queue[0] as Waiter;
      const now = this.clock.now();
      const waitMs = Math.max(
        this.requests?.waitMs(1, now) ?? 0,
        this.tokens?.waitMs(waiter.estimatedTokens, now) ?? 0,
      );
      if (waitMs > 0) {
        this.schedule(waitMs);
        return;
      }
      this.queue.shift();
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      this.requests?.take(1, now);
      this.tokens?.take(waiter.estimatedTokens, now);
      this.running++;
      waiter.resolve(this.permit(waiter.estimatedTokens));
    }
  }

  private schedule(waitMs: number): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, waitMs);
  }

  private permit(estimatedTokens: number): LimitPermit {
    let released = false;
    return {
      release: (outcome = {}) => {
        if (released) return;
        released = true;
        this.running--;
        if (this.tokens && outcome.usedTokens !== undefined) {
          this.tokens.adjust(
            Math.min(estimatedTokens, this.tokens.capacity) - outcome.usedTokens,
            this.clock.now(),
          );
        }
        this.adapt(outcome);
        this.pump();
      },
    };
  }

  private adapt(outcome: LimitOutcome): void {
    if (!this.adaptive) return;
    if (outcome.rateLimited) {
      this.concurrencyLimit = Math.max(this.minConcurrency, Math.floor(this.concurrencyLimit / 2));
      this.successes = 0;
      return;
    }
    if (outcome.usedTokens === undefined) return;
    this.successes++;
    if (this.successes >= this.increaseAfter && this.concurrencyLimit < this.maxConcurrency) {
      this.concurrencyLimit++;
      this.successes = 0;
    }
  }
}

function positive(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new RangeError(`ModelLimiter: ${name} must be a positive number, got ${value}`);
  }
  return value;
}
