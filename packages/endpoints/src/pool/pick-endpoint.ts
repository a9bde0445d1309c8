import type { EndpointPoolState, EndpointState } from './endpoint-pool-state.js';

/** What a call should do next. */
export type EndpointChoice =
  /** Send the call to endpoint `endpoint`. */
  | { readonly kind: 'send'; readonly endpoint: number }
  /** Every endpoint it may use is up but at its concurrency limit: wait for a slot. */
  | { readonly kind: 'wait' }
  /** No endpoint it has not tried yet is up. */
  | { readonly kind: 'none' };

/**
 * Latencies below this count as this: under it, connection set-up and a loaded machine's jitter
 * decide, not the server, and equal servers should share calls by their load alone.
 */
export const latencyFloorMs = 100;

/**
 * How long an endpoint's average latency is believed. An older one counts as unknown, so a server
 * that was slow once is tried again in time instead of being passed over for ever.
 */
export const latencyMemoryMs = 60_000;

/**
 * Least-outstanding-requests routing, weighted by latency. Among the up endpoints the call has not
 * tried yet that have a free slot, take the one with the smallest (calls in flight + 1) × average
 * latency: the one expected to answer first. Latencies are floored at `latencyFloorMs`, so servers
 * of about equal speed are chosen by calls in flight alone (plain least-outstanding); an endpoint
 * without a recent average counts as fast as the fastest, so new, recovered and long-unused servers
 * get tried. Ties go round-robin from the state's cursor. Pure.
 */
export function pickEndpoint(
  state: EndpointPoolState,
  tried: ReadonlySet<number> = new Set(),
  now?: number,
): EndpointChoice {
  const usable = state.endpoints
    .map((endpoint, index) => ({ endpoint, index }))
    .filter(({ endpoint, index }) => endpoint.health === 'up' && !tried.has(index));
  if (usable.length === 0) return { kind: 'none' };
  const free = usable.filter(({ endpoint }) => hasFreeSlot(endpoint));
  if (free.length === 0) return { kind: 'wait' };
  const latencyOf = (endpoint: EndpointState): number | undefined => {
    if (endpoint.latencyMs === null) return undefined;
    if (
      now !== undefined &&
      endpoint.latencyAt !== null &&
      now - endpoint.latencyAt > latencyMemoryMs
    ) {
      return undefined;
    }
    return Math.max(latencyFloorMs, endpoint.latencyMs);
  };
  const known = free
    .map(({ endpoint }) => latencyOf(endpoint))
    .filter((latency): latency is number => latency !== undefined);
  const fastest = known.length === 0 ? latencyFloorMs : Math.min(...known);
  const count = state.endpoints.length;
  const distance = (index: number) => (index - state.cursor + count) % count;
  let best: { cost: number; index: number } | undefined;
  for (const { endpoint, index } of free) {
    const cost = (endpoint.outstanding + 1) * (latencyOf(endpoint) ?? fastest);
    if (
      best === undefined ||
      cost < best.cost ||
      (cost === best.cost && distance(index) < distance(best.index))
    ) {
      best = { cost, index };
    }
  }
  return { kind: 'send', endpoint: (best as { index: number }).index };
}

function hasFreeSlot(endpoint: EndpointState): boolean {
  return endpoint.concurrency === null || endpoint.outstanding < endpoint.concurrency;
}
