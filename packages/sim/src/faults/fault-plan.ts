import { createHash } from 'node:crypto';

/** A fault the proxy can inject in place of (or into) an upstream answer. */
export type FaultKind =
  | 'rate-limit-retry-after'
  | 'rate-limit'
  | 'server-error'
  | 'unavailable'
  | 'overloaded'
  | 'reset'
  | 'slow'
  | 'cut-body'
  | 'truncated-json'
  | 'non-json';

/** Every fault kind, in a fixed order. */
export const faultKinds: readonly FaultKind[] = [
  'rate-limit-retry-after',
  'rate-limit',
  'server-error',
  'unavailable',
  'overloaded',
  'reset',
  'slow',
  'cut-body',
  'truncated-json',
  'non-json',
];

/** What each fault does, in words (for tables and `--help`). */
export const faultDescriptions: Readonly<Record<FaultKind, string>> = {
  'rate-limit-retry-after': '429 with retry-after-ms / retry-after',
  'rate-limit': '429 without retry-after',
  'server-error': '500',
  unavailable: '503',
  overloaded: '529 (overloaded)',
  reset: 'connection reset before any answer',
  slow: 'answer held back beyond the client timeout',
  'cut-body': '200 whose body is cut off mid-way (connection closed)',
  'truncated-json': '200 with a complete response holding half the JSON',
  'non-json': '200 with an HTML page instead of JSON',
};

/** Options of `createFaultPlan`. */
export interface FaultPlanOptions {
  /** Seed of every decision. */
  readonly seed: number;
  /** Fraction of requests that get a fault, 0–1. */
  readonly rate: number;
  /** Relative weights of the kinds to inject. Default every kind, equally. */
  readonly weights?: Partial<Readonly<Record<FaultKind, number>>>;
}

/** Decides, deterministically, which requests get which fault. */
export interface FaultPlan {
  /**
   * The fault for the `occurrence`-th time (0-based) a request with this key arrives, or
   * undefined to answer normally.
   */
  decide(requestKey: string, occurrence: number): FaultKind | undefined;
}

/**
 * A fault plan whose decisions are a pure function of the seed, the request's content and how
 * many times that same request came before — not of arrival order, so concurrent clients get the
 * same faults run after run, and a retried request (same body) gets a fresh draw.
 */
export function createFaultPlan(options: FaultPlanOptions): FaultPlan {
  if (!(options.rate >= 0 && options.rate <= 1)) {
    throw new RangeError(`fault rate must be between 0 and 1, got ${options.rate}`);
  }
  const weights = faultKinds
    .map(
      (kind) => [kind, options.weights === undefined ? 1 : (options.weights[kind] ?? 0)] as const,
    )
    .filter(([, weight]) => weight > 0);
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  if (options.rate > 0 && total === 0) throw new RangeError('fault weights are all zero');
  return {
    decide(requestKey, occurrence) {
      const digest = createHash('sha256')
        .update(`${options.seed}\u0000${requestKey}\u0000${occurrence}`)
        .digest();
      // Two independent uniforms from one digest: whether, then which.
      const whether = digest.readUInt32BE(0) / 2 ** 32;
      if (whether >= options.rate) return undefined;
      let which = (digest.readUInt32BE(4) / 2 ** 32) * total;
      for (const [kind, weight] of weights) {
        if (which < weight) return kind;
        which -= weight;
      }
      return weights.at(-1)?.[0];
    },
  };
}
