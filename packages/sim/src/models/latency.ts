import type { Random } from '@forge/program';

/**
 * Latency of one simulated call: a fixed number of milliseconds, or a distribution drawn from
 * with a stream seeded by the request's hash (so the same request always waits as long).
 */
export type LatencySpec =
  | number
  | {
      /** Every call takes `ms`. */
      readonly kind: 'fixed';
      /** Milliseconds. */
      readonly ms: number;
    }
  | {
      /** Uniform between `minMs` and `maxMs`. */
      readonly kind: 'uniform';
      /** Lower bound in milliseconds. */
      readonly minMs: number;
      /** Upper bound in milliseconds. */
      readonly maxMs: number;
    }
  | {
      /** Log-normal around `medianMs`: heavy-tailed, as real model latencies are. */
      readonly kind: 'lognormal';
      /** Median in milliseconds. */
      readonly medianMs: number;
      /** Standard deviation of the logarithm. */
      readonly sigma: number;
    };

/** Draws the latency of one call in milliseconds. */
export function drawLatency(spec: LatencySpec, random: Random): number {
  if (typeof spec === 'number') return Math.max(0, spec);
  switch (spec.kind) {
    case 'fixed':
      return Math.max(0, spec.ms);
    case 'uniform':
      return Math.max(0, spec.minMs + random.next() * (spec.maxMs - spec.minMs));
    case 'lognormal': {
      // Box–Muller: one standard normal from two uniforms; 1 - next() keeps the log finite.
      const normal =
        Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
      return Math.max(0, spec.medianMs * Math.exp(spec.sigma * normal));
    }
  }
}

/** Waits `milliseconds`, rejecting with the signal's reason when it aborts first. */
export function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
  if (milliseconds <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
