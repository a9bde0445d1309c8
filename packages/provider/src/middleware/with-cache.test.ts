import { describe, expect, it } from 'vitest';
import { callCacheKey } from '../cache/call-cache-key.js';
import { MemoryCallCache } from '../cache/memory-call-cache.js';
import { APICallError } from '../errors/api-call-error.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import { ManualClock } from '../testing/manual-clock.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { withCache } from './with-cache.js';

const request: GenerateRequest = {
  system: 'Answer briefly.',
  messages: [{ role: 'user', content: 'Capital of France?' }],
};

describe('withCache', () => {
  it('answers a repeated call from the cache with zero new calls', async () => {
    const model = new MockLanguageModel({
      responses: [{ text: 'Paris', usage: { inputTokens: 12, outputTokens: 1 } }],
    });
    const cache = new MemoryCallCache();
    const cached = withCache(model, cache, { clock: new ManualClock(1234) });
    const first = await cached.generate(request);
    const second = await cached.generate({ ...request, metadata: { role: 'task' } });
    expect(model.calls).toHaveLength(1);
    expect(first.cached).toBeUndefined();
    expect(second).toEqual({ ...first, cached: true });
    const entry = await cache.get(callCacheKey(model, request));
    expect(entry).toMatchObject({ provider: 'mock', modelId: 'mock-model', storedAt: 1234 });
    expect(entry?.result).not.toHaveProperty('cached');
  });

  it('treats a different sample index as a different call', async () => {
    const model = new MockLanguageModel({ responses: ['one', 'two'] });
    const cached = withCache(model, new MemoryCallCache());
    await cached.generate({ ...request, metadata: { sampleIndex: 0 } });
    const again = await cached.generate(request);
    const other = await cached.generate({ ...request, metadata: { sampleIndex: 1 } });
    expect(again.cached).toBe(true);
    expect(other).toMatchObject({ text: 'two' });
    expect(other.cached).toBeUndefined();
    expect(model.calls).toHaveLength(2);
  });

  it('never stores errors: the next identical call goes to the model again', async () => {
    const failure = new APICallError({ message: 'boom', kind: 'http', statusCode: 500 });
    const model = new MockLanguageModel({ responses: [failure, 'recovered'] });
    const cache = new MemoryCallCache();
    const cached = withCache(model, cache);
    await expect(cached.generate(request)).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
    await expect(cached.generate(request)).resolves.toMatchObject({ text: 'recovered' });
    expect(cache.size).toBe(1);
  });

  it('does not store results whose finish reason is error', async () => {
    const model = new MockLanguageModel({ responses: [{ text: '', finishReason: 'error' }] });
    const cache = new MemoryCallCache();
    await withCache(model, cache).generate(request);
    expect(cache.size).toBe(0);
  });

  it('lets identical concurrent calls share one provider call', async () => {
    const model = new MockLanguageModel({ responses: ['shared'], latencyMs: 10 });
    const cached = withCache(model, new MemoryCallCache());
    const results = await Promise.all([
      cached.generate(request),
      cached.generate(request),
      cached.generate(request),
    ]);
    expect(model.calls).toHaveLength(1);
    expect(results.map((result) => [result.text, result.cached === true])).toEqual([
      ['shared', false],
      ['shared', true],
      ['shared', true],
    ]);
  });

  it('keeps the shared call alive while any caller still waits, and aborts it when none does', async () => {
    const model = new MockLanguageModel({ responses: ['done'], latencyMs: 30 });
    const cached = withCache(model, new MemoryCallCache());
    const leader = new AbortController();
    const follower = new AbortController();
    const first = cached.generate({ ...request, abortSignal: leader.signal });
    const second = cached.generate({ ...request, abortSignal: follower.signal });
    leader.abort(new Error('leader left'));
    await expect(first).rejects.toThrow('leader left');
    await expect(second).resolves.toMatchObject({ text: 'done' });

    const lonely = new AbortController();
    const single = withCache(
      new MockLanguageModel({ responses: ['x'], latencyMs: 30 }),
      new MemoryCallCache(),
    );
    const pending = single.generate({ ...request, abortSignal: lonely.signal });
    lonely.abort(new Error('nobody waits'));
    await expect(pending).rejects.toThrow('nobody waits');
  });

  it('starts afresh when every caller of a shared call has left', async () => {
    // A model that notices the abort only when its work ends, as a slow connection teardown does.
    const model = new MockLanguageModel({
      responses: async (call) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (call.abortSignal?.aborted) throw call.abortSignal.reason;
        return 'fresh';
      },
    });
    const cached = withCache(model, new MemoryCallCache());
    const leaving = new AbortController();
    const abandoned = cached.generate({ ...request, abortSignal: leaving.signal });
    while (model.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    leaving.abort(new Error('left'));
    await expect(abandoned).rejects.toThrow('left');
    await expect(cached.generate(request)).resolves.toMatchObject({ text: 'fresh' });
    expect(model.calls).toHaveLength(2);
  });

  it('serves but does not write in read-only mode', async () => {
    const model = new MockLanguageModel({ responses: ['a', 'b'] });
    const cache = new MemoryCallCache();
    const cached = withCache(model, cache, { readOnly: true });
    await cached.generate(request);
    await cached.generate(request);
    expect(model.calls).toHaveLength(2);
    expect(cache.size).toBe(0);
  });
});
