import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { ManualClock } from '../testing/manual-clock.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import {
  isPerEndpointModel,
  type PerEndpointModel,
  perEndpointModelMark,
} from './per-endpoint-model.js';
import { withTimeout } from './with-timeout.js';

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
  it('rejects with a retryable timeout error and aborts the inner call at the deadline', async () => {
    const model = hangingModel();
    const clock = new ManualClock();
    const running = withTimeout(model, { timeoutMs: 500, clock })
      .generate(prompt)
      .catch((caught: unknown) => caught);
    await clock.advance(499);
    expect(model.signals[0]?.aborted).toBe(false);
    await clock.advance(1);
    const error = await running;
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).kind).toBe('timeout');
    expect((error as APICallError).isRetryable).toBe(true);
    expect((error as Error).message).toContain('500 ms');
    expect(model.signals[0]?.aborted).toBe(true);
  });

  it('passes a fast result through and clears its timer', async () => {
    const clock = new ManualClock();
    const model = new MockLanguageModel({ responses: ['quick'] });
    const result = await withTimeout(model, { timeoutMs: 500, clock }).generate(prompt);
    expect(result.text).toBe('quick');
    expect(clock.pendingTimers).toBe(0);
  });

  it('forwards the caller abort, with the caller reason, to the inner call', async () => {
    const model = hangingModel();
    const controller = new AbortController();
    const running = withTimeout(model, { timeoutMs: 60_000, clock: new ManualClock() })
      .generate({ ...prompt, abortSignal: controller.signal })
      .catch((caught: unknown) => caught);
    controller.abort(new Error('cancelled by user'));
    expect(((await running) as Error).message).toBe('cancelled by user');
    expect(model.signals[0]?.aborted).toBe(true);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const model = new MockLanguageModel({ responses: ['never'] });
    const controller = new AbortController();
    controller.abort(new Error('before'));
    await expect(
      withTimeout(model, { timeoutMs: 10 }).generate({ ...prompt, abortSignal: controller.signal }),
    ).rejects.toThrow('before');
    expect(model.calls).toHaveLength(0);
  });

  it('rejects a non-positive timeout', () => {
    expect(() => withTimeout(new MockLanguageModel(), { timeoutMs: 0 })).toThrow(RangeError);
  });

  it('on a per-endpoint model, sets the deadline on each endpoint rather than on the whole call', async () => {
    // A stand-in for `@forge/endpoints`' pool: one endpoint, wrapped by what it is given.
    const clock = new ManualClock();
    const endpoint = hangingModel();
    const perEndpoint = (inner: LanguageModel): PerEndpointModel => {
      const model: PerEndpointModel = {
        ...inner,
        withEndpointMiddleware: (middleware) => perEndpoint(middleware(inner)),
      };
      return Object.assign(model, { [perEndpointModelMark]: true });
    };
    const model = perEndpoint(endpoint);
    expect(isPerEndpointModel(model)).toBe(true);
    expect(isPerEndpointModel(endpoint)).toBe(false);
    const timed = withTimeout(model, { timeoutMs: 200, clock });
    expect(isPerEndpointModel(timed)).toBe(true);
    const running = timed.generate(prompt);
    const outcome = expect(running).rejects.toMatchObject({ kind: 'timeout', isRetryable: true });
    await clock.advance(200);
    await outcome;
    expect(endpoint.signals[0]?.aborted).toBe(true);
  });
});
