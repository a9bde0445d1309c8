import {
  APICallError,
  applyDefaultMiddleware,
  callCacheKey,
  defineTool,
  MemoryCallCache,
  MemoryCallRecorder,
  ModelLimiter,
  runAgent,
} from '@forge/provider';
import { ManualClock, MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEndpointPool } from './pool/endpoint-pool.js';
import { CostMeter } from './pricing/cost-meter.js';

const prices = { 'mock:*': { inputPerMillion: 1_000_000, outputPerMillion: 0 } };

describe('applyDefaultMiddleware with a cost meter and over an endpoint pool', () => {
  it('records one logical call per request: retries are inside, cache hits are outside the limits', async () => {
    const clock = new ManualClock();
    const model = new MockLanguageModel({
      responses: [
        new APICallError({ message: 'busy', kind: 'http', statusCode: 429, retryAfterMs: 5 }),
        { text: 'ok', usage: { inputTokens: 3, outputTokens: 1 } },
      ],
    });
    const recorder = new MemoryCallRecorder();
    const meter = new CostMeter({ prices, useDefaultPrices: false });
    const limiter = new ModelLimiter({ concurrency: 4, clock });
    const wrapped = applyDefaultMiddleware(model, {
      recorder,
      costMeter: meter,
      cache: new MemoryCallCache(),
      limits: limiter,
      clock,
      defaults: { maxOutputTokens: 64 },
    });
    const request = {
      messages: [{ role: 'user' as const, content: 'q' }],
      metadata: { role: 'task' },
    };
    const running = wrapped.generate(request);
    await clock.runAll();
    const first = await running;
    const second = await wrapped.generate(request);

    expect(model.calls).toHaveLength(2);
    expect(model.calls[0]?.request.maxOutputTokens).toBe(64);
    expect(first).toMatchObject({ text: 'ok', costUsd: 3 });
    expect(second).toMatchObject({ text: 'ok', cached: true, costUsd: 0 });
    expect(
      recorder.calls.map((call) => [call.result?.cached === true, call.result?.costUsd]),
    ).toEqual([
      [false, 3],
      [true, 0],
    ]);
    expect(recorder.calls[0]?.request.maxOutputTokens).toBe(64);
    expect(meter.totals().byRole['task']).toMatchObject({ calls: 1, cachedCalls: 1, usd: 3 });
    // The 429 halved the shared limiter's concurrency; the cache hit never touched it.
    expect(limiter.concurrency).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('composes with runAgent: every step is metered, recorded and counted', async () => {
    const model = new MockLanguageModel({
      responses: [{ toolCalls: [{ id: 'c1', name: 'echo', input: { value: 'a' } }] }, 'done'],
    });
    const recorder = new MemoryCallRecorder();
    const meter = new CostMeter({ prices, useDefaultPrices: false });
    const wrapped = applyDefaultMiddleware(model, { recorder, costMeter: meter });
    const echo = defineTool({
      name: 'echo',
      description: 'Echoes.',
      inputSchema: z.object({ value: z.string() }),
      execute: ({ value }) => value,
    });
    const result = await runAgent({
      model: wrapped,
      prompt: 'go',
      tools: [echo],
      metadata: { role: 'generate' },
    });
    expect(result.text).toBe('done');
    expect(result.costUsd).toBe(20);
    expect(recorder.calls.map((call) => call.role)).toEqual(['generate', 'generate']);
    expect(meter.totals().byRole['generate']?.calls).toBe(2);
  });

  it('over an endpoint pool, a call that fails over is recorded, metered and cached once, under a key no endpoint changes', async () => {
    const clock = new ManualClock();
    const down = new MockLanguageModel({
      responses: [
        new APICallError({ message: 'mock:m: connect ECONNREFUSED', kind: 'connection' }),
      ],
    });
    const up = new MockLanguageModel({
      responses: [{ text: 'answer', usage: { inputTokens: 7, outputTokens: 2 } }],
    });
    const pool = createEndpointPool({
      clock,
      healthCheckIntervalMs: false,
      endpoints: [
        { url: 'http://down/v1', model: down },
        { url: 'http://up/v1', model: up },
      ],
    });
    const recorder = new MemoryCallRecorder();
    const meter = new CostMeter({ prices, useDefaultPrices: false });
    const cache = new MemoryCallCache();
    const wrapped = applyDefaultMiddleware(pool, { recorder, costMeter: meter, cache, clock });
    const request = {
      messages: [{ role: 'user' as const, content: 'q' }],
      metadata: { role: 'task' },
    };
    const first = await wrapped.generate(request);
    const again = await wrapped.generate(request);

    expect(first).toMatchObject({ text: 'answer', costUsd: 7 });
    expect(again).toMatchObject({ text: 'answer', cached: true, costUsd: 0 });
    expect([down.calls.length, up.calls.length]).toEqual([1, 1]);
    expect(recorder.calls).toHaveLength(2);
    expect(recorder.calls[0]?.error).toBeUndefined();
    expect(meter.totals().total).toMatchObject({
      calls: 1,
      cachedCalls: 1,
      inputTokens: 7,
      usd: 7,
    });
    // The pool reports the endpoints' identity, so its cache key is the single server's.
    expect(callCacheKey(pool, request)).toBe(callCacheKey(up, request));
    expect(callCacheKey(pool, request)).toBe(callCacheKey(down, request));
    pool.close();
  });
});
