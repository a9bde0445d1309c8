import { describe, expect, it } from 'vitest';
import {
  type EndpointPoolState,
  type EndpointState,
  initialEndpointPoolState,
} from './endpoint-pool-state.js';
import { pickEndpoint } from './pick-endpoint.js';

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

  it('passes over an endpoint clearly slower than another with as few calls in flight', () => {
    const state = pool([{ latencyMs: 900 }, { latencyMs: 400 }, { latencyMs: 600 }], 0);
    // 900 ms is more than twice 400 ms: endpoint 0 loses the tie; 600 ms is not, so the
    // round-robin decides between 1 and 2.
    expect(pickEndpoint(state)).toEqual({ kind: 'send', endpoint: 1 });
    expect(pickEndpoint({ ...state, cursor: 2 })).toEqual({ kind: 'send', endpoint: 2 });
    // An endpoint without an average yet is always a contender, so a new or recovered server is tried.
    const fresh = pool([{ latencyMs: 900 }, { latencyMs: 400 }, { latencyMs: null }], 2);
    expect(pickEndpoint(fresh)).toEqual({ kind: 'send', endpoint: 2 });
  });

  it('still prefers a slow endpoint with fewer calls in flight', () => {
    const state = pool([
      { latencyMs: 500, outstanding: 0 },
      { latencyMs: 5, outstanding: 1 },
    ]);
    expect(pickEndpoint(state)).toEqual({ kind: 'send', endpoint: 0 });
  });

  it('treats averages within network noise as equal', () => {
    const state = pool([{ latencyMs: 2 }, { latencyMs: 190 }], 1);
    expect(pickEndpoint(state)).toEqual({ kind: 'send', endpoint: 1 });
    const slower = pool([{ latencyMs: 2 }, { latencyMs: 210 }], 1);
    expect(pickEndpoint(slower)).toEqual({ kind: 'send', endpoint: 0 });
  });
});
