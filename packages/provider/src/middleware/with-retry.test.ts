import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error.js';
import { RetryError } from '../errors/retry-error.js';
import { ManualClock } from '../testing/manual-clock.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { type RetryEvent, withRetry } from './with-retry.js';

const prompt = { messages: [{ role: 'user' as const, content: 'hi' }] };

function httpError(statusCode: number, retryAfterMs?: number) {
  return new APICallError({
    message: `HTTP ${statusCode}`,
    kind: 'http',
    statusCode,
    retryAfterMs,
  });
}

describe('withRetry', () => {
  it('retries 429, 5xx, 408, 409, connection errors, timeouts and unreadable bodies, then returns the success', async () => {
    const failures = [
      httpError(429),
      httpError(500),
      httpError(503),
      httpError(408),
      httpError(409),
      new APICallError({ message: 'refused', kind: 'connection' }),
      new APICallError({ message: 'slow', kind: 'timeout' }),
      new APICallError({ message: 'cut mid-body', kind: 'unreadable-response' }),
    ];
    const model = new MockLanguageModel({ responses: [...failures, 'finally'] });
    const clock = new ManualClock();
    const retrying = withRetry(model, { maxRetries: 8, clock, random: () => 0 });
    const running = retrying.generate(prompt);
    await clock.runAll();
    await expect(running).resolves.toMatchObject({ text: 'finally' });
    expect(model.calls).toHaveLength(9);
  });

  it('does not retry a body of the wrong shape', async () => {
    const model = new MockLanguageModel({
      responses: [new APICallError({ message: 'no choices', kind: 'invalid-response' }), 'never'],
    });
    const error = await withRetry(model, { clock: new ManualClock() })
      .generate(prompt)
      .catch((caught: unknown) => caught);
    expect((error as APICallError).kind).toBe('invalid-response');
    expect(model.calls).toHaveLength(1);
  });

  it("tells onRetry the call's role", async () => {
    const model = new MockLanguageModel({ responses: [httpError(503), 'ok'] });
    const events: RetryEvent[] = [];
    const clock = new ManualClock();
    const running = withRetry(model, { clock, onRetry: (event) => events.push(event) }).generate({
      ...prompt,
      metadata: { role: 'verify' },
    });
    await clock.runAll();
    await running;
    expect(events.map((event) => [event.role, event.attempt, event.provider])).toEqual([
      ['verify', 1, model.provider],
    ]);
  });

  it('never retries other 4xx: the original error comes back after one attempt', async () => {
    for (const status of [400, 401, 403, 404, 422]) {
      const model = new MockLanguageModel({ responses: [httpError(status), 'unreachable'] });
      const error = await withRetry(model, { clock: new ManualClock() })
        .generate(prompt)
        .catch((caught: unknown) => caught);
      expect(APICallError.isInstance(error)).toBe(true);
      expect((error as APICallError).statusCode).toBe(status);
      expect(model.calls).toHaveLength(1);
    }
  });

  it('retries plain errors that are network-shaped or marked isRetryable, never other plain errors', async () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const marked = Object.assign(new Error('overloaded, try later'), { isRetryable: true });
    const model = new MockLanguageModel({
      responses: [reset, new TypeError('fetch failed'), marked, 'through'],
    });
    const clock = new ManualClock();
    const running = withRetry(model, { clock, random: () => 0 }).generate(prompt);
    await clock.runAll();
    await expect(running).resolves.toMatchObject({ text: 'through' });
    expect(model.calls).toHaveLength(4);

    const plain = new Error('the gateway rejected the prompt');
    const once = new MockLanguageModel({ responses: [plain, 'unreachable'] });
    await expect(withRetry(once, { clock: new ManualClock() }).generate(prompt)).rejects.toBe(
      plain,
    );
    expect(once.calls).toHaveLength(1);
  });

  it('waits exactly what retry-after asked, else exponential backoff with jitter', async () => {
    const model = new MockLanguageModel({
      responses: [httpError(429, 1500), httpError(500), httpError(500), 'ok'],
    });
    const clock = new ManualClock();
    const events: RetryEvent[] = [];
    const retrying = withRetry(model, {
      clock,
      initialDelayMs: 100,
      backoffFactor: 3,
      jitter: 0.5,
      random: () => 0.5,
      onRetry: (event) => events.push(event),
    });
    const running = retrying.generate(prompt);
    await clock.advance(1499);
    expect(model.calls).toHaveLength(1);
    await clock.advance(1);
    expect(model.calls).toHaveLength(2);
    await clock.runAll();
    await running;
    // attempt 2 → 100·3¹ = 300 × (1 − 0.5·0.5) = 225; attempt 3 → 900 × 0.75 = 675
    expect(events.map((event) => [event.attempt, event.delayMs, event.fromRetryAfter])).toEqual([
      [1, 1500, true],
      [2, 225, false],
      [3, 675, false],
    ]);
  });

  it('caps the computed backoff at maxDelayMs', async () => {
    const model = new MockLanguageModel({ responses: [httpError(500), httpError(500), 'ok'] });
    const events: RetryEvent[] = [];
    const clock = new ManualClock();
    const running = withRetry(model, {
      clock,
      initialDelayMs: 5000,
      maxDelayMs: 6000,
      random: () => 0,
      onRetry: (event) => events.push(event),
    }).generate(prompt);
    await clock.runAll();
    await running;
    expect(events.map((event) => event.delayMs)).toEqual([5000, 6000]);
  });

  it('gives up with a RetryError holding every attempt once retries run out', async () => {
    const model = new MockLanguageModel({ responses: () => httpError(503) });
    const clock = new ManualClock();
    const running = withRetry(model, { clock, maxRetries: 2 })
      .generate(prompt)
      .catch((caught: unknown) => caught);
    await clock.runAll();
    const error = await running;
    expect(RetryError.isInstance(error)).toBe(true);
    const retryError = error as RetryError;
    expect(retryError.reason).toBe('max-retries-exceeded');
    expect(retryError.attempts).toBe(3);
    expect((retryError.lastError as APICallError).statusCode).toBe(503);
    expect(retryError.message).toContain('3 attempts');
    expect(model.calls).toHaveLength(3);
  });

  it('stops when a later attempt fails with a non-retryable error', async () => {
    const model = new MockLanguageModel({ responses: [httpError(500), httpError(401)] });
    const clock = new ManualClock();
    const running = withRetry(model, { clock })
      .generate(prompt)
      .catch((caught: unknown) => caught);
    await clock.runAll();
    const error = (await running) as RetryError;
    expect(error.reason).toBe('error-not-retryable');
    expect(error.errors).toHaveLength(2);
  });

  it('does not sit out a retry-after longer than maxRetryAfterMs', async () => {
    const model = new MockLanguageModel({
      responses: [httpError(429, 10), httpError(429, 3_600_000)],
    });
    const clock = new ManualClock();
    const running = withRetry(model, { clock })
      .generate(prompt)
      .catch((caught: unknown) => caught);
    await clock.runAll();
    expect(((await running) as RetryError).reason).toBe('retry-after-too-long');
    expect(model.calls).toHaveLength(2);
  });

  it('stops waiting as soon as the caller aborts, with the caller reason', async () => {
    const model = new MockLanguageModel({ responses: () => httpError(500) });
    const clock = new ManualClock();
    const controller = new AbortController();
    const running = withRetry(model, { clock })
      .generate({ ...prompt, abortSignal: controller.signal })
      .catch((caught: unknown) => caught);
    await clock.advance(10);
    controller.abort(new Error('user stop'));
    expect(((await running) as Error).message).toBe('user stop');
    expect(model.calls).toHaveLength(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('keeps provider and model id', () => {
    const model = new MockLanguageModel({ provider: 'p', modelId: 'm' });
    expect(withRetry(model)).toMatchObject({
      provider: 'p',
      modelId: 'm',
      specificationVersion: 'v1',
    });
    expect(() => withRetry(model, { maxRetries: -1 })).toThrow(RangeError);
  });
});
