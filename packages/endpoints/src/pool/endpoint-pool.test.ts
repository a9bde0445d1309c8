import {
  APICallError,
  type GenerateRequest,
  type GenerateResult,
  InvalidArgumentError,
  type LanguageModel,
} from '@forge/provider';
import { ManualClock } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { EndpointPoolError } from '../errors/endpoint-pool-error.js';
import { createEndpointPool, type EndpointPoolOptions, isEndpointPool } from './endpoint-pool.js';
import type { EndpointPoolEvent } from './endpoint-pool-events.js';

const prompt: GenerateRequest = { messages: [{ role: 'user', content: 'hi' }] };

interface PendingCall {
  readonly request: GenerateRequest;
  readonly answer: (text?: string) => void;
  readonly fail: (error: unknown) => void;
}

/** An endpoint whose calls stay in flight until the test answers or fails them. */
class HeldEndpoint implements LanguageModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'openai';
  readonly modelId = 'task';
  readonly calls: PendingCall[] = [];
  /** When set, calls end at once with this outcome instead of being held. */
  auto: ((request: GenerateRequest) => GenerateResult | Error) | undefined;

  constructor(readonly name: string) {}

  generate(request: GenerateRequest): Promise<GenerateResult> {
    return new Promise((resolve, reject) => {
      const auto = this.auto?.(request);
      if (auto instanceof Error) {
        this.calls.push({ request, answer: () => {}, fail: () => {} });
        reject(auto);
        return;
      }
      if (auto !== undefined) {
        this.calls.push({ request, answer: () => {}, fail: () => {} });
        resolve(auto);
        return;
      }
      this.calls.push({
        request,
        answer: (text = this.name) => resolve(result(text)),
        fail: reject,
      });
      request.abortSignal?.addEventListener('abort', () => reject(request.abortSignal?.reason), {
        once: true,
      });
    });
  }
}

function result(text: string): GenerateResult {
  return { text, toolCalls: [], finishReason: 'stop', usage: { inputTokens: 10, outputTokens: 5 } };
}

const refused = (name: string) =>
  new APICallError({
    message: `openai:task: could not reach ${name}: connect ECONNREFUSED`,
    kind: 'connection',
    provider: 'openai',
    modelId: 'task',
  });

const answers = (name: string) => () => result(name);

function setup(
  count: number,
  options: Partial<EndpointPoolOptions> & {
    probes?: (((signal: AbortSignal) => Promise<void>) | undefined)[];
  } = {},
) {
  const clock = new ManualClock();
  const endpoints = Array.from({ length: count }, (_, index) => new HeldEndpoint(`e${index}`));
  const pool = createEndpointPool({
    clock,
    healthCheckIntervalMs: false,
    ...options,
    endpoints: endpoints.map((model, index) => ({
      url: `http://e${index}/v1`,
      model,
      ...(options.probes?.[index] === undefined ? {} : { probe: options.probes[index] }),
    })),
  });
  const events: EndpointPoolEvent[] = [];
  pool.subscribe((event) => events.push(event));
  return { clock, endpoints, pool, events };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createEndpointPool: routing', () => {
  it('reports the endpoints’ identity and is recognisable as a pool', () => {
    const { pool } = setup(2);
    expect(pool).toMatchObject({ specificationVersion: 'v1', provider: 'openai', modelId: 'task' });
    expect(isEndpointPool(pool)).toBe(true);
    expect(isEndpointPool(new HeldEndpoint('x'))).toBe(false);
  });

  it('sends each call to the endpoint with the fewest calls in flight', async () => {
    const { pool, endpoints } = setup(3);
    const first = Array.from({ length: 6 }, () => pool.generate(prompt));
    await settle();
    expect(endpoints.map((endpoint) => endpoint.calls.length)).toEqual([2, 2, 2]);
    for (const call of endpoints[0]?.calls ?? []) call.answer();
    await settle();
    // Endpoint 0 is idle now while the others hold two calls each: the next two go there.
    const next = [pool.generate(prompt), pool.generate(prompt)];
    await settle();
    expect(endpoints.map((endpoint) => endpoint.calls.length)).toEqual([4, 2, 2]);
    expect(pool.status()).toMatchObject({ up: 3, outstanding: 6, waiting: 0 });
    for (const endpoint of endpoints) for (const call of endpoint.calls) call.answer();
    const texts = (await Promise.all([...first, ...next])).map((answer) => answer.text);
    expect(texts.sort()).toEqual(['e0', 'e0', 'e0', 'e0', 'e1', 'e1', 'e2', 'e2']);
    expect(pool.status().endpoints.map((endpoint) => endpoint.requests)).toEqual([4, 2, 2]);
    expect(pool.status().outstanding).toBe(0);
  });

  it('holds calls beyond every endpoint’s concurrency and sends them, in order, as slots free up', async () => {
    const { pool, endpoints } = setup(2, { endpointConcurrency: 1 });
    const calls = Array.from({ length: 4 }, (_, index) =>
      pool.generate({ ...prompt, messages: [{ role: 'user', content: `call ${index}` }] }),
    );
    await settle();
    expect(endpoints.map((endpoint) => endpoint.calls.length)).toEqual([1, 1]);
    expect(pool.status().waiting).toBe(2);
    endpoints[1]?.calls[0]?.answer();
    await settle();
    expect(endpoints[1]?.calls[1]?.request.messages[0]?.content).toBe('call 2');
    expect(pool.status().waiting).toBe(1);
    endpoints[0]?.calls[0]?.answer();
    await settle();
    expect(endpoints[0]?.calls[1]?.request.messages[0]?.content).toBe('call 3');
    for (const endpoint of endpoints) endpoint.calls[1]?.answer();
    await Promise.all(calls);
    const peak = pool.status().endpoints.map((endpoint) => endpoint.requests);
    expect(peak).toEqual([2, 2]);
  });

  it('a per-endpoint concurrency overrides the pool’s', async () => {
    const clock = new ManualClock();
    const [small, large] = [new HeldEndpoint('small'), new HeldEndpoint('large')];
    const pool = createEndpointPool({
      clock,
      endpointConcurrency: 3,
      endpoints: [
        { url: 'http://small/v1', model: small, concurrency: 1 },
        { url: 'http://large/v1', model: large },
      ],
    });
    const calls = Array.from({ length: 5 }, () => pool.generate(prompt));
    await settle();
    expect([small.calls.length, large.calls.length]).toEqual([1, 3]);
    expect(pool.status().waiting).toBe(1);
    for (const call of [...small.calls, ...large.calls]) call.answer();
    await settle();
    for (const call of [...small.calls, ...large.calls]) call.answer();
    await Promise.all(calls);
    pool.close();
  });
});

describe('createEndpointPool: failures', () => {
  it('takes a failing endpoint out and sends the same call to another at once', async () => {
    const { pool, endpoints, events, clock } = setup(3);
    endpoints[0]!.auto = () => refused('http://e0/v1');
    endpoints[1]!.auto = answers('e1');
    endpoints[2]!.auto = answers('e2');
    const answer = await pool.generate(prompt);
    expect(answer.text).toBe('e1');
    expect(endpoints.map((endpoint) => endpoint.calls.length)).toEqual([1, 1, 0]);
    expect(events).toEqual([
      {
        type: 'endpoint-down',
        provider: 'openai',
        modelId: 'task',
        endpoint: 'http://e0/v1',
        reason: 'could not reach http://e0/v1: connect ECONNREFUSED',
        nextProbeInMs: 1000,
        up: 2,
      },
    ]);
    expect(clock.now()).toBe(0);
    // While it rests, nothing is sent to it.
    for (let call = 0; call < 6; call++) await pool.generate(prompt);
    expect(endpoints.map((endpoint) => endpoint.calls.length)).toEqual([1, 4, 3]);
    expect(pool.status().endpoints[0]).toMatchObject({ health: 'down', failures: 1, requests: 1 });
  });

  it('probes a taken-out endpoint with growing rests and puts it back when a probe passes', async () => {
    let probes = 0;
    const probeTimes: number[] = [];
    const { pool, endpoints, events, clock } = setup(2, {
      probes: [
        async () => {
          probeTimes.push(clock.now());
          probes++;
          if (probes < 3) throw new Error('connect ECONNREFUSED 127.0.0.1:1');
        },
      ],
    });
    endpoints[0]!.auto = () => refused('http://e0/v1');
    endpoints[1]!.auto = answers('e1');
    await pool.generate(prompt);
    await clock.advance(999);
    expect(probeTimes).toEqual([]);
    await clock.advance(1);
    expect(probeTimes).toEqual([1000]);
    await clock.advance(10_000);
    expect(probeTimes).toEqual([1000, 3000, 7000]);
    expect(
      events.map((event) => [event.type, 'nextProbeInMs' in event ? event.nextProbeInMs : null]),
    ).toEqual([
      ['endpoint-down', 1000],
      ['endpoint-probe-failed', 2000],
      ['endpoint-probe-failed', 4000],
      ['endpoint-up', null],
    ]);
    expect(events.at(-1)).toMatchObject({ endpoint: 'http://e0/v1', downForMs: 7000, up: 2 });
    expect(events[1]).toMatchObject({
      reason: 'probe failed: connect ECONNREFUSED 127.0.0.1:1',
    });
    // Back in rotation.
    endpoints[0]!.auto = answers('e0');
    const texts = [];
    for (let call = 0; call < 4; call++) texts.push((await pool.generate(prompt)).text);
    expect(texts).toContain('e0');
    expect(clock.pendingTimers).toBe(0);
  });

  it('without a probe, puts a taken-out endpoint back on trial after its rest', async () => {
    const { pool, endpoints, events, clock } = setup(2);
    endpoints[0]!.auto = () => refused('http://e0/v1');
    endpoints[1]!.auto = answers('e1');
    await pool.generate(prompt);
    await clock.advance(1000);
    expect(pool.status().endpoints[0]?.health).toBe('up');
    expect(events.map((event) => event.type)).toEqual(['endpoint-down', 'endpoint-up']);
  });

  it('ends the call on the request’s own error, names the endpoint, and keeps the endpoint up', async () => {
    const { pool, endpoints, events } = setup(2);
    endpoints[0]!.auto = () =>
      new APICallError({
        message: 'openai:task: HTTP 400: max_tokens is too large',
        kind: 'http',
        statusCode: 400,
        provider: 'openai',
        modelId: 'task',
      });
    const error = await pool.generate(prompt).catch((caught: unknown) => caught);
    expect(EndpointPoolError.isInstance(error)).toBe(true);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'EndpointPoolError',
      reason: 'endpoint-error',
      statusCode: 400,
      kind: 'http',
      isRetryable: false,
      endpoints: ['http://e0/v1'],
      message: 'openai:task: endpoint http://e0/v1: HTTP 400: max_tokens is too large',
    });
    expect(endpoints[1]?.calls).toHaveLength(0);
    expect(events).toEqual([]);
    expect(pool.status().endpoints[0]).toMatchObject({ health: 'up', answered: 1, failures: 0 });
  });

  it('gives up with every endpoint named when all fail, keeping the last status for the retry layer', async () => {
    const { pool, endpoints } = setup(3);
    endpoints[0]!.auto = () => refused('http://e0/v1');
    endpoints[1]!.auto = () =>
      new APICallError({
        message: 'openai:task: HTTP 503: overloaded',
        kind: 'http',
        statusCode: 503,
        provider: 'openai',
        modelId: 'task',
      });
    endpoints[2]!.auto = () =>
      new APICallError({
        message: 'openai:task: HTTP 429: slow down',
        kind: 'http',
        statusCode: 429,
        retryAfterMs: 2000,
        provider: 'openai',
        modelId: 'task',
      });
    const error = await pool.generate(prompt).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      reason: 'all-endpoints-failed',
      isRetryable: true,
      statusCode: 429,
      retryAfterMs: 2000,
      endpoints: ['http://e0/v1', 'http://e1/v1', 'http://e2/v1'],
    });
    expect((error as Error).message).toBe(
      'openai:task: 3 endpoints tried: http://e0/v1: could not reach http://e0/v1: connect ECONNREFUSED; ' +
        'http://e1/v1: HTTP 503: overloaded; http://e2/v1: HTTP 429: slow down',
    );
    expect(pool.status().up).toBe(0);
  });

  it('fails at once, retryably, when no endpoint is up, saying when each is probed next', async () => {
    const { pool, endpoints, clock } = setup(2);
    endpoints[0]!.auto = () => refused('http://e0/v1');
    endpoints[1]!.auto = () => refused('http://e1/v1');
    await pool.generate(prompt).catch(() => {});
    await clock.advance(400);
    const error = await pool.generate(prompt).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      reason: 'no-endpoint-up',
      isRetryable: true,
      kind: 'connection',
      endpoints: [],
    });
    expect((error as Error).message).toBe(
      'openai:task: no endpoint of the pool is up: ' +
        'http://e0/v1 (down for 0 s: could not reach http://e0/v1: connect ECONNREFUSED, next probe in 600 ms); ' +
        'http://e1/v1 (down for 0 s: could not reach http://e1/v1: connect ECONNREFUSED, next probe in 600 ms)',
    );
    expect(endpoints.map((endpoint) => endpoint.calls.length)).toEqual([1, 1]);
  });

  it('a call waiting for a slot fails over when the endpoints it could use go down', async () => {
    const { pool, endpoints } = setup(2, { endpointConcurrency: 1 });
    const held = [pool.generate(prompt), pool.generate(prompt)];
    const waiting = pool.generate(prompt).catch((caught: unknown) => caught);
    await settle();
    expect(pool.status().waiting).toBe(1);
    endpoints[0]?.calls[0]?.fail(refused('http://e0/v1'));
    endpoints[1]?.calls[0]?.fail(refused('http://e1/v1'));
    const outcomes = await Promise.all(held.map((call) => call.catch((caught: unknown) => caught)));
    expect(outcomes.map((outcome) => (outcome as EndpointPoolError).reason)).toEqual([
      'all-endpoints-failed',
      'all-endpoints-failed',
    ]);
    expect(await waiting).toMatchObject({ reason: 'no-endpoint-up' });
  });

  it('a caller’s abort ends the call with the caller’s reason and says nothing about the endpoint', async () => {
    const { pool, endpoints, events } = setup(1, { endpointConcurrency: 1 });
    const inFlight = new AbortController();
    const queued = new AbortController();
    const first = pool
      .generate({ ...prompt, abortSignal: inFlight.signal })
      .catch((caught: unknown) => caught);
    const second = pool
      .generate({ ...prompt, abortSignal: queued.signal })
      .catch((caught: unknown) => caught);
    await settle();
    expect(pool.status().waiting).toBe(1);
    queued.abort(new Error('user stopped the run'));
    expect(((await second) as Error).message).toBe('user stopped the run');
    expect(pool.status().waiting).toBe(0);
    inFlight.abort(new Error('user stopped the run'));
    expect(((await first) as Error).message).toBe('user stopped the run');
    expect(events).toEqual([]);
    expect(pool.status().endpoints[0]).toMatchObject({ health: 'up', outstanding: 0, failures: 0 });
    expect(endpoints[0]?.calls).toHaveLength(1);
  });
});

describe('createEndpointPool: health checks', () => {
  it('probes idle up endpoints on the interval and takes out one that fails', async () => {
    const probed: string[] = [];
    const { pool, endpoints, events, clock } = setup(2, {
      healthCheckIntervalMs: 30_000,
      probes: [
        async () => {
          probed.push('e0');
        },
        async () => {
          probed.push('e1');
          throw new Error('503 Service Unavailable');
        },
      ],
    });
    endpoints[0]!.auto = answers('e0');
    // Nothing is checked before the pool is used: an unused pool costs nothing.
    await clock.advance(60_000);
    expect(probed).toEqual([]);
    await pool.generate(prompt);
    await clock.advance(30_000);
    expect(probed.sort()).toEqual(['e0', 'e1']);
    expect(events.map((event) => [event.type, 'endpoint' in event ? event.endpoint : ''])).toEqual([
      ['endpoint-down', 'http://e1/v1'],
    ]);
    expect(pool.status().endpoints[1]?.lastError).toBe('probe failed: 503 Service Unavailable');
    pool.close();
    expect(clock.pendingTimers).toBe(0);
  });

  it('does not check an endpoint that answered within the interval or has calls in flight', async () => {
    const probed: string[] = [];
    const { pool, endpoints, clock } = setup(2, {
      healthCheckIntervalMs: 30_000,
      probes: [async () => void probed.push('e0'), async () => void probed.push('e1')],
    });
    const held = pool.generate(prompt);
    await settle();
    await clock.advance(29_000);
    endpoints[1]!.auto = answers('e1');
    await pool.generate(prompt); // to e1, which has fewer in flight: it answers at 29 s
    expect(endpoints[1]?.calls).toHaveLength(1);
    await clock.advance(1000);
    // e0 holds a call and e1 answered a second ago: neither is checked.
    expect(probed).toEqual([]);
    endpoints[0]?.calls[0]?.answer();
    await held;
    // Thirty seconds later both have been idle for the whole interval.
    await clock.advance(30_000);
    expect(probed.sort()).toEqual(['e0', 'e1']);
    pool.close();
  });

  it('close stops probing a taken-out endpoint', async () => {
    let probes = 0;
    const { pool, endpoints, clock } = setup(2, {
      probes: [
        async () => {
          probes++;
        },
      ],
    });
    endpoints[0]!.auto = () => refused('http://e0/v1');
    endpoints[1]!.auto = answers('e1');
    await pool.generate(prompt);
    pool.close();
    await clock.advance(60_000);
    expect(probes).toBe(0);
    expect(pool.status().endpoints[0]?.health).toBe('down');
    expect((await pool.generate(prompt)).text).toBe('e1');
  });

  it('a probe that hangs fails at its timeout', async () => {
    const { pool, endpoints, events, clock } = setup(2, {
      probeTimeoutMs: 500,
      probes: [() => new Promise<void>(() => {})],
    });
    endpoints[0]!.auto = () => refused('http://e0/v1');
    endpoints[1]!.auto = answers('e1');
    await pool.generate(prompt);
    await clock.advance(1499);
    expect(events.map((event) => event.type)).toEqual(['endpoint-down']);
    await clock.advance(1);
    expect(events[1]).toMatchObject({
      type: 'endpoint-probe-failed',
      reason: 'probe failed: no answer within 500 ms',
      nextProbeInMs: 2000,
    });
    pool.close();
  });
});

describe('createEndpointPool: settings', () => {
  const model = (provider: string, modelId: string): LanguageModel => ({
    specificationVersion: 'v1',
    provider,
    modelId,
    generate: async () => result('x'),
  });

  it('refuses an empty pool, endpoints serving different models, and a URL listed twice', () => {
    expect(() => createEndpointPool({ endpoints: [] })).toThrow(InvalidArgumentError);
    expect(() =>
      createEndpointPool({
        endpoints: [
          { url: 'http://a/v1', model: model('openai', 'task') },
          { url: 'http://b/v1', model: model('openai', 'other') },
        ],
      }),
    ).toThrow('every endpoint must serve openai:task; http://b/v1 serves openai:other');
    expect(() =>
      createEndpointPool({
        endpoints: [
          { url: 'http://a/v1', model: model('openai', 'task') },
          { url: 'http://a/v1', model: model('openai', 'task') },
        ],
      }),
    ).toThrow('http://a/v1 is listed twice');
    expect(() =>
      createEndpointPool({
        endpointConcurrency: 0,
        endpoints: [{ url: 'http://a/v1', model: model('openai', 'task') }],
      }),
    ).toThrow('endpointConcurrency must be a positive number, got 0');
  });
});
