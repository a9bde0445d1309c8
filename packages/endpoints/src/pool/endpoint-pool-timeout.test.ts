import { type GenerateRequest, type LanguageModel, withTimeout } from '@forge/provider';
import { ManualClock, MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { createEndpointPool } from './endpoint-pool.js';
import type { EndpointPoolEvent } from './endpoint-pool-events.js';

const prompt = { messages: [{ role: 'user' as const, content: 'hi' }] };

/** A model that never answers and records the signal it was given. */
function hangingModel(): LanguageModel & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  return {
    specificationVersion: 'v1',
    provider: 'hang',
    modelId: 'forever',
    signals,
    generate(request: GenerateRequest) {
      if (request.abortSignal) signals.push(request.abortSignal);
      return new Promise(() => {});
    },
  };
}

describe('withTimeout', () => {
  it('on an endpoint pool, times each endpoint attempt: a hung endpoint is taken out and the call goes on elsewhere', async () => {
    const clock = new ManualClock();
    const hung = { ...hangingModel(), provider: 'openai', modelId: 'task' };
    const signals = hung.signals;
    const quick = new MockLanguageModel({
      provider: 'openai',
      modelId: 'task',
      responses: ['from b'],
    });
    const pool = createEndpointPool({
      clock,
      healthCheckIntervalMs: false,
      endpoints: [
        { url: 'http://a/v1', model: hung },
        { url: 'http://b/v1', model: quick },
      ],
    });
    const events: EndpointPoolEvent[] = [];
    pool.subscribe((event) => events.push(event));
    const timed = withTimeout(pool, { timeoutMs: 500, clock });
    expect(timed.provider).toBe('openai');
    const running = timed.generate(prompt);
    await clock.advance(500);
    expect((await running).text).toBe('from b');
    // The hung attempt was aborted (an adapter closes its connection) and answered nothing.
    expect(signals[0]?.aborted).toBe(true);
    expect(quick.calls).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'endpoint-down',
      endpoint: 'http://a/v1',
      reason: 'no response within 500 ms',
    });
    // The view shares the pool's state: status through the original pool shows the timeout.
    expect(pool.status().endpoints.map((endpoint) => [endpoint.health, endpoint.requests])).toEqual(
      [
        ['down', 1],
        ['up', 1],
      ],
    );
    pool.close();
  });
});
