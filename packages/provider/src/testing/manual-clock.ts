import type { Clock } from '../middleware/clock.js';

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

/**
 * A `Clock` that only moves when told to, for deterministic tests of retries, rate limits and
 * timeouts without real waits. `advance` fires due timers in time order and lets promise
 * callbacks run between them.
 */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 1;
  private timers: Timer[] = [];

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, milliseconds: number): unknown {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, milliseconds), callback };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Timers not yet fired. */
  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Moves time forward by `milliseconds`, firing every timer that falls due on the way. */
  async advance(milliseconds: number): Promise<void> {
    const target = this.time + milliseconds;
    await settle();
    for (;;) {
      const due = this.timers
        .filter((timer) => timer.at <= target)
        .sort((left, right) => left.at - right.at || left.id - right.id)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
      await settle();
    }
    this.time = target;
    await settle();
  }

  /** Fires timers until none is left (or `limit` have fired), moving time as needed. */
  async runAll(limit = 1000): Promise<void> {
    for (let fired = 0; fired < limit; fired++) {
      await settle();
      const next = [...this.timers].sort(
        (left, right) => left.at - right.at || left.id - right.id,
      )[0];
      if (next === undefined) return;
      await this.advance(next.at - this.time);
    }
    throw new Error(`ManualClock.runAll: still ${this.timers.length} timers after ${limit} steps`);
  }
}

/** Lets every queued promise callback run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
