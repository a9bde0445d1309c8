/**
 * A token bucket: holds up to `capacity` tokens and refills continuously at `capacity` per
 * `periodMs`. Used for requests per minute (one token per request) and tokens per minute (the
 * estimated tokens of a request, corrected once the real usage is known). The level may go
 * negative after a correction: that debt delays later requests instead of being forgotten.
 */
export class TokenBucket {
  /** Largest number of tokens the bucket holds. */
  readonly capacity: number;
  private readonly refillPerMs: number;
  private level: number;
  private updatedAt: number;

  constructor(options: { capacity: number; periodMs: number; now: number }) {
    if (!(options.capacity > 0)) {
      throw new RangeError(`TokenBucket: capacity must be positive, got ${options.capacity}`);
    }
    this.capacity = options.capacity;
    this.refillPerMs = options.capacity / options.periodMs;
    this.level = options.capacity;
    this.updatedAt = options.now;
  }

  /** Tokens available at `now`. */
  available(now: number): number {
    this.refill(now);
    return this.level;
  }

  /** Milliseconds until `amount` tokens are available (0 when they already are). */
  waitMs(amount: number, now: number): number {
    this.refill(now);
    const needed = Math.min(amount, this.capacity) - this.level;
    return needed <= 0 ? 0 : Math.ceil(needed / this.refillPerMs);
  }

  /** Takes `amount` tokens (callers check `waitMs` first). */
  take(amount: number, now: number): void {
    this.refill(now);
    this.level -= Math.min(amount, this.capacity);
  }

  /** Adds (or with a negative amount, removes) tokens, never above capacity. */
  adjust(amount: number, now: number): void {
    this.refill(now);
    this.level = Math.min(this.capacity, this.level + amount);
  }

  private refill(now: number): void {
    if (now > this.updatedAt) {
      this.level = Math.min(this.capacity, this.level + (now - this.updatedAt) * this.refillPerMs);
    }
    this.updatedAt = Math.max(this.updatedAt, now);
  }
}
