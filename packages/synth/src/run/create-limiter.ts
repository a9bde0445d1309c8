/** Runs tasks with at most `concurrency` in flight; waiting tasks start in the order they asked. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** Creates a limiter. */
export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  }
  let running = 0;
  const queue: (() => void)[] = [];
  return async (task) => {
    if (running < concurrency) running++;
    else await new Promise<void>((start) => queue.push(start));
    try {
      return await task();
    } finally {
      // Hand the place straight to the next waiter, so `running` stays exact.
      const next = queue.shift();
      if (next === undefined) running--;
      else next();
    }
  };
}
