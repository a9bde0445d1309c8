import { describe, expect, it } from 'vitest';
import {
  type EndpointPoolAction,
  type EndpointPoolState,
  initialEndpointPoolState,
  probeDelayFor,
  reduceEndpointPool,
} from './endpoint-pool-state.js';

const policy = { probeDelayMs: 1000, maxProbeDelayMs: 5000, backoffFactor: 2 };

function run(state: EndpointPoolState, ...actions: EndpointPoolAction[]): EndpointPoolState {
  return actions.reduce((current, action) => reduceEndpointPool(current, action, policy), state);
}

const start = () =>
  initialEndpointPoolState([
    { endpoint: 'http://a/v1', concurrency: null },
    { endpoint: 'http://b/v1', concurrency: 2 },
  ]);
const sent = (endpoint: number): EndpointPoolAction => ({ type: 'call-sent', endpoint });
const answered = (endpoint: number, at: number, latencyMs: number | null): EndpointPoolAction => ({
  type: 'call-ended',
  endpoint,
  outcome: 'answered',
  at,
  latencyMs,
  error: null,
});
const failed = (
  endpoint: number,
  at: number,
  error = 'connection refused',
): EndpointPoolAction => ({
  type: 'call-ended',
  endpoint,
  outcome: 'failed',
  at,
  latencyMs: null,
  error,
});
const probed = (endpoint: number, at: number, passed: boolean): EndpointPoolAction => ({
  type: 'probe-ended',
  endpoint,
  passed,
  at,
  error: passed ? null : 'probe failed: ECONNREFUSED',
});

describe('reduceEndpointPool', () => {
  it('counts calls in flight and sent, and moves the round-robin cursor past the endpoint used', () => {
    const state = run(start(), sent(0), sent(0), sent(1));
    expect(state.endpoints.map((endpoint) => endpoint.outstanding)).toEqual([2, 1]);
    expect(state.endpoints.map((endpoint) => endpoint.requests)).toEqual([2, 1]);
    expect(state.cursor).toBe(0);
    expect(run(state, sent(0)).cursor).toBe(1);
  });

  it('averages the latency of answers and leaves the average alone for answers without one', () => {
    const state = run(start(), sent(0), answered(0, 10, 100), sent(0), answered(0, 20, 200));
    expect(state.endpoints[0]?.latencyMs).toBeCloseTo(130);
    expect(state.endpoints[0]?.latencyAt).toBe(20);
    expect(state.endpoints[0]?.answered).toBe(2);
    expect(state.endpoints[0]?.outstanding).toBe(0);
    expect(state.endpoints[0]?.lastSeenAt).toBe(20);
    const after400 = run(state, sent(0), answered(0, 30, null));
    expect(after400.endpoints[0]?.latencyMs).toBeCloseTo(130);
    expect(after400.endpoints[0]?.latencyAt).toBe(20);
    expect(after400.endpoints[0]?.answered).toBe(3);
  });

  it('takes an endpoint out on its first failure and schedules a probe after the first delay', () => {
    const state = run(start(), sent(1), sent(1), failed(1, 500));
    const endpoint = state.endpoints[1];
    expect(endpoint).toMatchObject({
      health: 'down',
      outstanding: 1,
      failures: 1,
      takenOut: 1,
      strikes: 1,
      downSince: 500,
      nextProbeAt: 1500,
      lastError: 'connection refused',
    });
    // The second call, sent before the take-out, fails too: counted, but not a second strike.
    const later = run(state, failed(1, 600, 'socket hang up'));
    expect(later.endpoints[1]).toMatchObject({
      failures: 2,
      strikes: 1,
      takenOut: 1,
      nextProbeAt: 1500,
      outstanding: 0,
    });
    expect(later.endpoints[0]?.health).toBe('up');
  });

  it('doubles the probe delay with each failed probe up to the cap, and puts it back on a pass', () => {
    let state = run(start(), sent(0), failed(0, 0));
    const probeTimes: number[] = [];
    for (let at = 1000; probeTimes.length < 4; ) {
      state = run(state, { type: 'probe-started', endpoint: 0 });
      expect(state.endpoints[0]?.health).toBe('probing');
      state = run(state, probed(0, at, false));
      expect(state.endpoints[0]?.health).toBe('down');
      at = state.endpoints[0]?.nextProbeAt as number;
      probeTimes.push(at);
    }
    expect(probeTimes).toEqual([3000, 7000, 12000, 17000]);
    expect(state.endpoints[0]?.lastError).toBe('probe failed: ECONNREFUSED');
    state = run(state, { type: 'probe-started', endpoint: 0 }, probed(0, 17000, true));
    expect(state.endpoints[0]).toMatchObject({
      health: 'up',
      downSince: null,
      nextProbeAt: null,
      lastSeenAt: 17000,
      latencyMs: null,
      latencyAt: null,
      takenOut: 1,
    });
  });

  it('keeps strikes across a passed probe until a call is answered, so a flapping server rests longer', () => {
    let state = run(start(), sent(0), failed(0, 0));
    state = run(state, { type: 'probe-started', endpoint: 0 }, probed(0, 1000, true));
    state = run(state, sent(0), failed(0, 1100));
    expect(state.endpoints[0]).toMatchObject({ strikes: 2, nextProbeAt: 3100, takenOut: 2 });
    state = run(state, { type: 'probe-started', endpoint: 0 }, probed(0, 3100, true));
    state = run(state, sent(0), answered(0, 3200, 50), sent(0), failed(0, 3300));
    expect(state.endpoints[0]).toMatchObject({ strikes: 1, nextProbeAt: 4300 });
  });

  it('takes an up endpoint out when its health check fails; an abandoned call changes nothing but the slot', () => {
    const checked = run(start(), probed(1, 40, false));
    expect(checked.endpoints[1]).toMatchObject({ health: 'down', takenOut: 1, nextProbeAt: 1040 });
    const abandoned = run(start(), sent(0), {
      type: 'call-ended',
      endpoint: 0,
      outcome: 'abandoned',
      at: 5,
      latencyMs: null,
      error: null,
    });
    expect(abandoned.endpoints[0]).toMatchObject({
      health: 'up',
      outstanding: 0,
      answered: 0,
      failures: 0,
      requests: 1,
    });
  });

  it('ignores actions for endpoints it does not have', () => {
    const state = start();
    expect(run(state, sent(7))).toBe(state);
  });
});

describe('probeDelayFor', () => {
  it('starts at the probe delay and doubles per strike up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((strikes) => probeDelayFor(strikes, policy))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });
});
