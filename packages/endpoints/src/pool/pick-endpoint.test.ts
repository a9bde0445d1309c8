import { describe, expect, it } from 'vitest';
import {
  type EndpointPoolState,
  type EndpointState,
  initialEndpointPoolState,
} from './endpoint-pool-state.js';
import { latencyFloorMs, latencyMemoryMs, pickEndpoint } from './pick-endpoint.js';

function pool(overrides: readonly Partial<EndpointState>[], cursor = 0): EndpointPoolState {
  const base = initialEndpointPoolState(
    overrides.map((_, index) => ({ endpoint: `http://e${index}/v1`, concurrency: null })),
  );
  return {
    cursor,
    endpoints: base.endpoints.map((endpoint, index) => ({ ...endpoint, ...overrides[index] })),
  };
}

describe('pickEndpoint', () => {
  it('sends to the endpoint with the fewest calls in flight', () => {
    const state = pool([{ outstanding: 3 }, { outstanding: 1 }, { outstanding: 2 }]);
    expect(pickEndpoint(state)).toEqual({ kind: 'send', endpoint: 1 });
  });

  it('breaks ties round-robin from the cursor', () => {
    const tied = [{ outstanding: 1 }, { outstanding: 1 }, { outstanding: 1 }];
    expect(pickEndpoint(pool(tied, 0))).toEqual({ kind: 'send', endpoint: 0 });
    expect(pickEndpoint(pool(tied, 1))).toEqual({ kind: 'send', endpoint: 1 });
    expect(pickEndpoint(pool(tied, 2))).toEqual({ kind: 'send', endpoint: 2 });
    // The cursor wraps: from 2, endpoint 0 comes before endpoint 1.
    const twoTied = [{ outstanding: 0 }, { outstanding: 0 }, { outstanding: 4 }];
    expect(pickEndpoint(pool(twoTied, 2))).toEqual({ kind: 'send', endpoint: 0 });
  });

  it('skips endpoints that are down, probing, already tried, or full', () => {
    const state = pool([
      { health: 'down' },
      { health: 'probing' },
      { outstanding: 2, concurrency: 2 },
      { outstanding: 5 },
      { outstanding: 0 },
    ]);
    expect(pickEndpoint(state)).toEqual({ kind: 'send', endpoint: 4 });
    expect(pickEndpoint(state, new Set([4]))).toEqual({ kind: 'send', endpoint: 3 });
    expect(pickEndpoint(state, new Set([3, 4]))).toEqual({ kind: 'wait' });
    expect(pickEndpoint(state, new Set([2, 3, 4]))).toEqual({ kind: 'none' });
  });

  it('says none when every endpoint is down', () => {
    expect(pickEndpoint(pool([{ health: 'down' }, { health: 'probing' }]))).toEqual({
      kind: 'none',
    });
  });

  it('weighs calls in flight by latency: a server ten times slower gets a call once the fast one holds ten', () => {
    const slowAndFast = (fastInFlight: number) =>
      pool([
        { latencyMs: 1000, outstanding: 0 },
        { latencyMs: 100, outstanding: fastInFlight },
      ]);
    expect(pickEndpoint(slowAndFast(0))).toEqual({ kind: 'send', endpoint: 1 });
    expect(pickEndpoint(slowAndFast(8))).toEqual({ kind: 'send', endpoint: 1 });
    // (0 + 1) × 1000 = (9 + 1) × 100: a tie, the round-robin (cursor 0) decides.
    expect(pickEndpoint(slowAndFast(9))).toEqual({ kind: 'send', endpoint: 0 });
    expect(pickEndpoint(slowAndFast(10))).toEqual({ kind: 'send', endpoint: 0 });
  });

  it('is plain least-outstanding among servers faster than the latency floor', () => {
    const state = pool([
      { latencyMs: 3, outstanding: 1 },
      { latencyMs: 90, outstanding: 0 },
      { latencyMs: 40, outstanding: 1 },
    ]);
    expect(pickEndpoint(state)).toEqual({ kind: 'send', endpoint: 1 });
    expect(latencyFloorMs).toBe(100);
  });

  it('counts an endpoint without a recent average as fast as the fastest, so it gets tried', () => {
    const fresh = pool([{ latencyMs: 900 }, { latencyMs: 400 }, { latencyMs: null }], 2);
    expect(pickEndpoint(fresh)).toEqual({ kind: 'send', endpoint: 2 });
    const staleAt = 1000;
    const slowOnce = pool([
      { latencyMs: 5000, latencyAt: staleAt },
      { latencyMs: 200, latencyAt: staleAt + latencyMemoryMs, outstanding: 1 },
    ]);
    // Within memory the slow one loses; once its average is older than that, it is tried again.
    expect(pickEndpoint(slowOnce, new Set(), staleAt + latencyMemoryMs)).toEqual({
      kind: 'send',
      endpoint: 1,
    });
    expect(pickEndpoint(slowOnce, new Set(), staleAt + latencyMemoryMs + 1)).toEqual({
      kind: 'send',
      endpoint: 0,
    });
  });
});
