/** A recorded model call's span, as `model_calls` stores it. */
export interface CallSpan {
  /** ISO start time. */
  readonly started_at: string;
  /** How long the call took, in milliseconds. */
  readonly duration_ms: number;
}

/**
 * The most calls whose recorded spans overlap, from their start times and durations (a call that
 * ends frees its slot before one starting at the same instant takes it).
 */
export function peakCallsInFlight(calls: readonly CallSpan[]): number {
  const edges = calls
    .flatMap((call) => {
      const start = Date.parse(call.started_at);
      return [
        [start, 1],
        [start + call.duration_ms, -1],
      ] as const;
    })
    .sort((left, right) => left[0] - right[0] || left[1] - right[1]);
  let inFlight = 0;
  let peak = 0;
  for (const [, change] of edges) {
    inFlight += change;
    peak = Math.max(peak, inFlight);
  }
  return peak;
}
