import {
  CostMeter,
  type EndpointPool,
  EndpointPoolError,
  type EndpointPoolEvent,
  isEndpointPool,
} from '@forge/endpoints';
import { APICallError, applyDefaultMiddleware, MemoryCallRecorder } from '@forge/provider';
import type { LoopbackResponse } from '@forge/provider/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI, openAIProviderFactory } from './create-openai.js';
import {
  type OpenAITestServer,
  openAIChatCompletion,
  openAIError,
  startOpenAITestServer,
} from './testing/index.js';

const apiKey = `sk-pool-test-${'s3cr3t'.repeat(6)}`;
const prompt = { messages: [{ role: 'user' as const, content: 'Who wrote Dune?' }] };

/** A server's behaviour, switchable while the test runs. */
type Mode = 'up' | 'unavailable' | 'hang-up';

interface TestEndpoint {
  readonly server: OpenAITestServer;
  mode: Mode;
  delayMs: number;
  readonly completions: () => number;
  readonly probes: () => number;
}

const started: OpenAITestServer[] = [];
const pools: EndpointPool[] = [];

afterEach(async () => {
  for (const pool of pools.splice(0)) pool.close();
  await Promise.all(started.splice(0).map((server) => server.close()));
});

async function endpoint(name: string): Promise<TestEndpoint> {
  const state: { mode: Mode; delayMs: number } = { mode: 'up', delayMs: 0 };
  const server = await startOpenAITestServer({
    handler: (request): LoopbackResponse => {
      if (state.mode === 'hang-up') return { hangUp: true };
      if (state.mode === 'unavailable') return openAIError(503, `${name} is loading the model`);
      if (request.path.startsWith('/v1/models')) {
        return {
          json: { object: 'list', data: [{ id: 'task', object: 'model', owned_by: name }] },
        };
      }
      return openAIChatCompletion({ text: `answer from ${name}`, delayMs: state.delayMs });
    },
  });
  started.push(server);
  const count = (models: boolean) =>
    server.requests.filter((request) => request.path.startsWith('/v1/models') === models).length;
  return Object.assign(state, {
    server,
    completions: () => count(false),
    probes: () => count(true),
  });
}

function poolOf(endpoints: readonly TestEndpoint[], pool: Record<string, unknown> = {}) {
  const model = createOpenAI({
    apiKey,
    baseURL: endpoints.map((each) => each.server.baseURL),
    pool: { probeDelayMs: 50, healthCheckIntervalMs: false, ...pool },
    environment: {},
  })('task');
  if (!isEndpointPool(model)) throw new Error('expected a pool');
  pools.push(model);
  const events: EndpointPoolEvent[] = [];
  model.subscribe((event) => events.push(event));
  return { model, events };
}

const waitFor = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('OpenAI endpoint pools over the wire', () => {
  it('spreads concurrent calls over the servers, each with the key and the model', async () => {
    const servers = await Promise.all(['a', 'b', 'c'].map(endpoint));
    for (const server of servers) server.delayMs = 30;
    const { model } = poolOf(servers);
    const answers = await Promise.all(Array.from({ length: 9 }, () => model.generate(prompt)));
    expect(servers.map((server) => server.completions())).toEqual([3, 3, 3]);
    expect(new Set(answers.map((answer) => answer.text))).toEqual(
      new Set(['answer from a', 'answer from b', 'answer from c']),
    );
    const request = servers[0]?.server.requests[0];
    expect(request?.headers['authorization']).toBe(`Bearer ${apiKey}`);
    expect(request?.body).toMatchObject({ model: 'task' });
  });

  it('keeps each server within its concurrency', async () => {
    const servers = await Promise.all(['a', 'b'].map(endpoint));
    for (const server of servers) server.delayMs = 40;
    const { model } = poolOf(servers, { endpointConcurrency: 2 });
    let peak = 0;
    const watcher = setInterval(() => {
      peak = Math.max(peak, ...model.status().endpoints.map((each) => each.outstanding));
    }, 2);
    await Promise.all(Array.from({ length: 10 }, () => model.generate(prompt)));
    clearInterval(watcher);
    expect(peak).toBe(2);
    const counts = servers.map((server) => server.completions());
    expect(counts[0]! + counts[1]!).toBe(10);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(2);
  });

  it('takes out a server that hangs up, retries the call on another, and probes it back with GET /models', async () => {
    const servers = await Promise.all(['a', 'b', 'c'].map(endpoint));
    const [a, b, c] = servers as [TestEndpoint, TestEndpoint, TestEndpoint];
    a.mode = 'hang-up';
    const { model, events } = poolOf(servers);
    const first = await model.generate(prompt);
    expect(first.text).toBe('answer from b');
    expect(events[0]).toMatchObject({ type: 'endpoint-down', endpoint: a.server.baseURL });
    expect((events[0] as { reason: string }).reason).toMatch(/^could not reach /);
    for (let call = 0; call < 4; call++) await model.generate(prompt);
    // Nothing more went to the server that is out.
    expect(a.completions()).toBe(1);
    expect(b.completions() + c.completions()).toBe(5);
    // The probe hangs up too: still out, probed again after a longer rest.
    await waitFor(() => events.some((event) => event.type === 'endpoint-probe-failed'), 'a probe');
    expect(a.probes()).toBeGreaterThanOrEqual(1);
    a.mode = 'up';
    await waitFor(() => model.status().endpoints[0]?.health === 'up', 'the server to come back');
    expect(events.map((event) => event.type).at(-1)).toBe('endpoint-up');
    const after = await Promise.all(Array.from({ length: 6 }, () => model.generate(prompt)));
    expect(after.map((answer) => answer.text)).toContain('answer from a');
  });

  it('takes out a server answering 503 and fails over without spending a retry', async () => {
    const servers = await Promise.all(['a', 'b'].map(endpoint));
    servers[0]!.mode = 'unavailable';
    const { model } = poolOf(servers, { probeDelayMs: 60_000 });
    const wrapped = applyDefaultMiddleware(model, { retry: { maxRetries: 0 } });
    expect((await wrapped.generate(prompt)).text).toBe('answer from b');
    expect(model.status().endpoints.map((each) => [each.health, each.failures])).toEqual([
      ['down', 1],
      ['up', 0],
    ]);
  });

  it('times each server out on its own: the slow one is cut off, the call answered elsewhere, metered once', async () => {
    const servers = await Promise.all(['slow', 'fast'].map(endpoint));
    servers[0]!.delayMs = 10_000;
    const { model, events } = poolOf(servers);
    const meter = new CostMeter({
      prices: { 'openai:task': { inputPerMillion: 1_000_000, outputPerMillion: 1_000_000 } },
      useDefaultPrices: false,
    });
    const recorder = new MemoryCallRecorder();
    const wrapped = applyDefaultMiddleware(model, {
      timeoutMs: 300,
      costMeter: meter,
      recorder,
      retry: { maxRetries: 0 },
    });
    const answer = await wrapped.generate({ ...prompt, metadata: { role: 'task' } });
    expect(answer.text).toBe('answer from fast');
    expect(events[0]).toMatchObject({ type: 'endpoint-down', reason: 'no response within 300 ms' });
    // The slow server saw its client go away: it does no more work for a call nobody waits on.
    await servers[0]?.server.waitForClientClose(0, 2000);
    expect(meter.totals().total).toMatchObject({ calls: 1, inputTokens: 11, outputTokens: 7 });
    expect(recorder.calls).toHaveLength(1);
  });

  it('names every server tried when all fail, and never the key', async () => {
    const servers = await Promise.all(['a', 'b'].map(endpoint));
    const urls = servers.map((server) => server.server.baseURL);
    await Promise.all(servers.map((server) => server.server.close()));
    started.length = 0;
    const { model } = poolOf(servers);
    const error = await model.generate(prompt).catch((caught: unknown) => caught);
    expect(EndpointPoolError.isInstance(error)).toBe(true);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      reason: 'all-endpoints-failed',
      endpoints: urls,
      isRetryable: true,
      kind: 'connection',
    });
    const message = (error as Error).message;
    expect(message).toContain(
      `openai:task: 2 endpoints tried: ${urls[0]}: could not reach ${urls[0]}`,
    );
    expect(message).toContain(`; ${urls[1]}: could not reach ${urls[1]}`);
    expect(message).not.toContain(apiKey);
    expect(JSON.stringify(error)).not.toContain(apiKey);
    const again = await model.generate(prompt).catch((caught: unknown) => caught);
    expect(again).toMatchObject({ reason: 'no-endpoint-up' });
    expect((again as Error).message).toContain('no endpoint of the pool is up');
  });

  it('builds a pool from OPENAI_BASE_URL with comma-separated URLs, and one model from one URL', async () => {
    const servers = await Promise.all(['a', 'b'].map(endpoint));
    const environment = {
      OPENAI_BASE_URL: servers.map((server) => `${server.server.baseURL}/`).join(' , '),
    };
    const model = openAIProviderFactory('task', { environment });
    expect(isEndpointPool(model)).toBe(true);
    if (!isEndpointPool(model)) return;
    pools.push(model);
    expect(model.status().endpoints.map((each) => each.endpoint)).toEqual(
      servers.map((server) => server.server.baseURL),
    );
    await Promise.all([model.generate(prompt), model.generate(prompt)]);
    expect(servers.map((server) => server.completions())).toEqual([1, 1]);
    const single = openAIProviderFactory('task', {
      environment: { OPENAI_BASE_URL: servers[0]?.server.baseURL },
    });
    expect(isEndpointPool(single)).toBe(false);
  });
});
