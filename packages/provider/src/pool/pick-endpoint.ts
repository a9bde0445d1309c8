import type { EndpointPoolState, EndpointState } from './endpoint-pool-state.js';

/** What a call should do next. */
export type EndpointChoice =
  /** Send the call to endpoint `endpoint`. */
  | { readonly kind: 'send'; readonly endpoint: number }
  /** Every endpoint it may use is up but at its concurrency limit: wait for a slot. */
  | { readonly kind: 'wait' }
  /** No endpoint it has not tried yet is up. */
  | { readonly kind: 'none' };

// An endpoint counts as clearly slower only when its average latency is over twice the fastest's
// and over 200 ms: below that, connection set-up and a loaded machine's jitter decide, not the
// server, and equal servers should share the calls.
const clearlyFasterRatio = 2;
const noiseFloorMs = 100;

/**
 * Least-outstanding-requests routing. Among the up endpoints the call has not tried yet and that
 * have a free slot, take those with the fewest calls in flight; among them, drop any clearly
 * slower than the fastest (average latency over twice the fastest's, and over 200 ms; an endpoint
 * without an average is never dropped, so new and recovered servers get tried); take the
 * first of the rest in round-robin order from the state's cursor. Pure.
 */
export function pickEndpoint(
  state: EndpointPoolState,
  tried: ReadonlySet<number> = new Set(),
): EndpointChoice {
  const usable = state.endpoints
    .map((endpoint, index) => ({ endpoint, index }))
    .filter(({ endpoint, index }) => endpoint.health === 'up' && !tried.has(index));
  if (usable.length === 0) return { kind: 'none' };
  const free = usable.filter(({ endpoint }) => hasFreeSlot(endpoint));
  if (free.length === 0) return { kind: 'wait' };
  const fewest = Math.min(...free.map(({ endpoint }) => endpoint.outstanding));
  const least = free.filter(({ endpoint }) => endpoint.outstanding === fewest);
  const known = least
    .map(({ endpoint }) => endpoint.latencyMs)
    .filter((latency): latency is number => latency !== null);
  const fastest = known.length === 0 ? 0 : Math.min(...known);
  const contenders = least.filter(
    ({ endpoint }) =>
      endpoint.latencyMs === null ||
      endpoint.latencyMs <= Math.max(fastest, noiseFloorMs) * clearlyFasterRatio,
  );
  const count = state.endpoints.length;
  const distance = (index: number) => (index - state.cursor + count) % count;
  const chosen = contenders.reduce((best, next) =>
    distance(next.index) < distance(best.index) ? next : best,
  );
  return { kind: 'send', endpoint: chosen.index };
}

function hasFreeSlot(endpoint: EndpointState): boolean {
  return endpoint.concurrency === null || endpoint.outstanding < endpoint.concurrency;
}
