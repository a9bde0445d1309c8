/** Runs tasks with at most a set number in flight; waiting tasks start in the order they asked. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * A limiter that runs at most `concurrency` tasks at once; the rest wait in FIFO order. Throws a
 * `RangeError` unless `concurrency` is a positive integer.
 */
export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  }
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finishing task hands its slot straight to the next waiter, so `active` never overshoots.
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
