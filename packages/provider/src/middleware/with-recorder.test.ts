import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error.js';
import { ManualClock } from '../testing/manual-clock.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { MemoryCallRecorder } from './call-recorder.js';
import { withRecorder } from './with-recorder.js';

describe('withRecorder', () => {
  it('records request without its abort signal, result, role, sample index and duration', async () => {
    const recorder = new MemoryCallRecorder();
    const clock = new ManualClock(1000);
    const model = new MockLanguageModel({
      responses: async () => {
        await clock.advance(250);
        return 'answer';
      },
    });
    const controller = new AbortController();
    await withRecorder(model, recorder, { clock }).generate({
      system: 'sys',
      messages: [{ role: 'user', content: 'q' }],
      abortSignal: controller.signal,
      metadata: { role: 'verify', sampleIndex: 2 },
    });
    expect(recorder.calls).toHaveLength(1);
    const call = recorder.calls[0];
    expect(call).toMatchObject({
      sequence: 0,
      provider: 'mock',
      modelId: 'mock-model',
      role: 'verify',
      sampleIndex: 2,
      startedAt: 1000,
      durationMs: 250,
      result: { text: 'answer' },
    });
    expect(call?.request).not.toHaveProperty('abortSignal');
    expect(JSON.parse(JSON.stringify(call))).toMatchObject({ request: { system: 'sys' } });
  });

  it('records a failure with its kind and status, redacted, and rethrows it unchanged', async () => {
    const recorder = new MemoryCallRecorder();
    const failure = new APICallError({
      message: 'HTTP 401: Incorrect API key provided: sk-live-abcdefghijklmnopqrstuvwxyz',
      kind: 'http',
      statusCode: 401,
    });
    const model = new MockLanguageModel({ responses: [failure] });
    const thrown = await withRecorder(model, recorder)
      .generate({ messages: [] })
      .catch((caught: unknown) => caught);
    expect(thrown).toBe(failure);
    const error = recorder.calls[0]?.error;
    expect(error).toMatchObject({
      name: 'APICallError',
      kind: 'http',
      statusCode: 401,
      isRetryable: false,
    });
    expect(error?.message).not.toContain('sk-live');
    expect(error?.message).toContain('[REDACTED]');
  });
});
