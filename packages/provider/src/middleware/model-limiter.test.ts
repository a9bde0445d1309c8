import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import { ManualClock } from '../testing/manual-clock.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { ModelLimiter } from './model-limiter.js';
import { withLimits } from './with-limits.js';

const prompt = { messages: [{ role: 'user' as const, content: 'hi' }] };

describe('ModelLimiter', () => {
  it('never runs more than `concurrency` calls and admits waiters in arrival order', async () => {
    const limiter = new ModelLimiter({ concurrency: 2, adaptive: false });
    const order: number[] = [];
    const permits = await Promise.all([limiter.acquire(1), limiter.acquire(1)]);
    const third = limiter.acquire(1).then((permit) => {
      order.push(3);
      return permit;
    });
    const fourth = limiter.acquire(1).then((permit) => {
      order.push(4);
      return permit;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(limiter.active).toBe(2);
    expect(limiter.pending).toBe(2);
    permits[0]?.release({ usedTokens: 1 });
    (await third).release({ usedTokens: 1 });
    permits[1]?.release({ usedTokens: 1 });
    (await fourth).release({ usedTokens: 1 });
    expect(order).toEqual([3, 4]);
    expect(limiter.active).toBe(0);
  });

  it('spaces requests to the requests-per-minute budget', async () => {
    const clock = new ManualClock();
    const limiter = new ModelLimiter({ requestsPerMinute: 2, clock });
    const granted: number[] = [];
    for (let index = 0; index < 4; index++) {
      void limiter.acquire(1).then((permit) => {
        granted.push(clock.now());
        permit.release({ usedTokens: 1 });
      });
    }
    await clock.advance(0);
    expect(granted).toEqual([0, 0]);
    await clock.advance(29_999);
    expect(granted).toHaveLength(2);
    await clock.advance(1);
    expect(granted).toEqual([0, 0, 30_000]);
    await clock.advance(30_000);
    expect(granted).toEqual([0, 0, 30_000, 60_000]);
  });

  it('holds calls to the tokens-per-minute budget and books the real usage afterwards', async () => {
    const clock = new ManualClock();
    const limiter = new ModelLimiter({ tokensPerMinute: 1000, clock });
    const first = await limiter.acquire(900);
    let secondGranted = false;
    const second = limiter.acquire(500).then((permit) => {
      secondGranted = true;
      return permit;
    });
    await clock.advance(0);
    expect(secondGranted).toBe(false);
    // The call used only 100 of its 900 estimated tokens: 800 go back into the bucket.
    first.release({ usedTokens: 100 });
    await clock.advance(0);
    expect(secondGranted).toBe(true);
    (await second).release({ usedTokens: 500 });
  });

  it('halves concurrency on 429 and grows it back after a run of successes', async () => {
    const limiter = new ModelLimiter({ concurrency: 8, increaseAfter: 2 });
    (await limiter.acquire(1)).release({ rateLimited: true });
    expect(limiter.concurrency).toBe(4);
    (await limiter.acquire(1)).release({ rateLimited: true });
    (await limiter.acquire(1)).release({ rateLimited: true });
    (await limiter.acquire(1)).release({ rateLimited: true });
    expect(limiter.concurrency).toBe(1);
    for (let index = 0; index < 4; index++) (await limiter.acquire(1)).release({ usedTokens: 1 });
    expect(limiter.concurrency).toBe(3);
  });

  it('drops an aborted waiter from the queue with the caller reason', async () => {
    const limiter = new ModelLimiter({ concurrency: 1 });
    const held = await limiter.acquire(1);
    const controller = new AbortController();
    const waiting = limiter.acquire(1, controller.signal);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    expect(limiter.pending).toBe(0);
    held.release();
    expect(limiter.active).toBe(0);
  });

  it('rejects nonsense limits', () => {
    expect(() => new ModelLimiter({ concurrency: 0 })).toThrow(RangeError);
    expect(() => new ModelLimiter({ requestsPerMinute: -1 })).toThrow(RangeError);
  });
});

describe('withLimits', () => {
  it('limits a model to `concurrency` calls in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const model = new MockLanguageModel({
      responses: async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return 'ok';
      },
    });
    const limited = withLimits(model, { concurrency: 3 });
    await Promise.all(Array.from({ length: 12 }, () => limited.generate(prompt)));
    expect(peak).toBe(3);
    expect(model.calls).toHaveLength(12);
  });

  it('tells the limiter about 429s so concurrency backs off', async () => {
    const limiter = new ModelLimiter({ concurrency: 4 });
    const model = new MockLanguageModel({
      responses: [new APICallError({ message: 'slow down', kind: 'http', statusCode: 429 })],
    });
    await expect(withLimits(model, limiter).generate(prompt)).rejects.toThrow('slow down');
    expect(limiter.concurrency).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('reports real token usage back to a shared limiter', async () => {
    const clock = new ManualClock();
    const limiter = new ModelLimiter({ tokensPerMinute: 100, clock });
    const usage: GenerateResult['usage'] = { inputTokens: 60, outputTokens: 30 };
    const model = new MockLanguageModel({ responses: () => ({ text: 'x', usage }) });
    await withLimits(model, limiter).generate({ ...prompt, maxOutputTokens: 10 });
    // Estimate was about 11 tokens; real use of 90 leaves about 10 in the bucket.
    expect(clock.now()).toBe(0);
    let admitted = false;
    void withLimits(model, limiter)
      .generate({ ...prompt, maxOutputTokens: 40 })
      .then(() => {
        admitted = true;
      });
    await clock.advance(0);
    expect(admitted).toBe(false);
    await clock.advance(60_000);
    expect(admitted).toBe(true);
  });
});
