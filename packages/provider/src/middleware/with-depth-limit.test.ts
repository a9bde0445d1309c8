import { describe, expect, it } from 'vitest';
import { MemoryCallCache } from '../cache/memory-call-cache.js';
import { APICallError } from '../errors/api-call-error.js';
import { RetryError } from '../errors/retry-error.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import { ManualClock } from '../testing/manual-clock.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { MemoryCallRecorder } from './call-recorder.js';
import { applyDefaultMiddleware } from './default-middleware.js';

const request: GenerateRequest = { messages: [{ role: 'user', content: 'Call the tool.' }] };
const deepInput = JSON.parse(`{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);

describe('withDepthLimit in the default stack', () => {
  it('refuses a 20,000-deep tool input once, unretried, uncached, recorded as an error', async () => {
    const model = new MockLanguageModel({
      responses: [
        { text: '', toolCalls: [{ id: 'c1', name: 'lookup', input: deepInput }] },
        { text: 'fine' },
      ],
    });
    const cache = new MemoryCallCache();
    const recorder = new MemoryCallRecorder();
    const wrapped = applyDefaultMiddleware(model, {
      cache,
      recorder,
      clock: new ManualClock(0),
      retry: { maxRetries: 3 },
    });
    const error = await wrapped.generate(request).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const last = RetryError.isInstance(error) ? error.lastError : error;
    expect(APICallError.isInstance(last)).toBe(true);
    expect(last).toMatchObject({ kind: 'invalid-response', isRetryable: false });
    expect((last as Error).message).toBe(
      'mock:mock-model: invalid response from the model: nested more than 100 levels deep (at toolCalls.0.input.a.0.0…); Forge reads no answer that deep',
    );
    expect(model.calls).toHaveLength(1);
    expect(cache.size).toBe(0);
    expect(recorder.calls[0]?.error).toMatchObject({
      kind: 'invalid-response',
      isRetryable: false,
    });
    // The next call is answered as usual.
    await expect(wrapped.generate(request)).resolves.toMatchObject({ text: 'fine' });
    expect(cache.size).toBe(1);
  });
});
