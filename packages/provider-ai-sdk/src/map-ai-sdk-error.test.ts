import {
  APICallError as AISDKAPICallError,
  InvalidPromptError,
  JSONParseError,
  LoadAPIKeyError,
  NoSuchModelError,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import {
  APICallError,
  InvalidArgumentError,
  LoadSettingError,
  RetryError,
  withRetry,
} from '@forge/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { fromAISDK } from './ai-sdk-language-model.js';
import { mapAISDKError } from './map-ai-sdk-error.js';

const context = {
  provider: 'groq',
  modelId: 'llama-4',
  aiSDKProvider: 'groq.chat',
  signal: undefined,
};

function httpFailure(
  statusCode: number,
  extra: Partial<ConstructorParameters<typeof AISDKAPICallError>[0]> = {},
) {
  return new AISDKAPICallError({
    message: `server says ${statusCode}`,
    url: 'https://api.example/v1/chat/completions',
    requestBodyValues: { model: 'llama-4' },
    statusCode,
    ...extra,
  });
}

function mapped(error: unknown): APICallError {
  const result = mapAISDKError(error, context);
  if (!APICallError.isInstance(result))
    throw new Error(`expected an APICallError, got ${String(result)}`);
  return result;
}

describe('mapAISDKError', () => {
  it("keeps an AI SDK APICallError's status, retry verdict, retry-after and redacted body", () => {
    const fakeKey = ['sk', 'abcdefghijklmnopqrstuvwxyz'].join('-');
    const limited = mapped(
      httpFailure(429, {
        responseHeaders: { 'retry-after': '2' },
        responseBody: `{"error":"slow down, ${fakeKey}"} ${'x'.repeat(3000)}`,
      }),
    );
    expect(limited).toMatchObject({
      kind: 'http',
      statusCode: 429,
      isRetryable: true,
      retryAfterMs: 2000,
      provider: 'groq',
      modelId: 'llama-4',
    });
    expect(limited.message).toBe('groq:llama-4: HTTP 429: server says 429');
    expect(limited.responseBody).not.toContain(fakeKey);
    expect(limited.responseBody).toContain('(truncated)');
    expect(mapped(httpFailure(400))).toMatchObject({ kind: 'http', isRetryable: false });
    expect(mapped(httpFailure(503))).toMatchObject({ isRetryable: true });
    // The provider package's own verdict wins over the status rule.
    expect(mapped(httpFailure(500, { isRetryable: false }))).toMatchObject({ isRetryable: false });
    expect(mapped(httpFailure(404))).toMatchObject({
      kind: 'model-not-found',
      isRetryable: false,
    });
  });

  it('makes "Cannot connect to API" a retryable connection failure', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
    });
    const error = new AISDKAPICallError({
      message: `Cannot connect to API: ${cause.message}`,
      url: 'http://127.0.0.1:9/v1',
      requestBodyValues: {},
      cause,
      isRetryable: true,
    });
    expect(mapped(error)).toMatchObject({
      kind: 'connection',
      isRetryable: true,
      statusCode: undefined,
    });
    const timedOut = new AISDKAPICallError({
      message: 'Cannot connect to API: connect ETIMEDOUT',
      url: 'http://127.0.0.1:9/v1',
      requestBodyValues: {},
      cause: Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }),
      isRetryable: true,
    });
    expect(mapped(timedOut)).toMatchObject({ kind: 'timeout', isRetryable: true });
  });

  it("turns the provider's own timeouts and aborts into timeout and aborted", () => {
    expect(mapped(new DOMException('The operation timed out.', 'TimeoutError'))).toMatchObject({
      kind: 'timeout',
      isRetryable: true,
    });
    expect(mapped(new DOMException('This operation was aborted', 'AbortError'))).toMatchObject({
      kind: 'aborted',
      isRetryable: false,
    });
  });

  it("returns the caller's abort reason when the call's signal was aborted", () => {
    const controller = new AbortController();
    const reason = new Error('Ctrl-C');
    controller.abort(reason);
    const error = new DOMException('This operation was aborted', 'AbortError');
    expect(mapAISDKError(error, { ...context, signal: controller.signal })).toBe(reason);
  });

  it('maps missing keys, unsupported requests, unknown models and unreadable answers', () => {
    const key = mapAISDKError(
      new LoadAPIKeyError({
        message:
          "Groq API key is missing. Pass it using the 'apiKey' parameter or the GROQ_API_KEY environment variable.",
      }),
      context,
    );
    expect(LoadSettingError.isInstance(key)).toBe(true);
    expect((key as LoadSettingError).environmentVariable).toBe('GROQ_API_KEY');
    const unsupported = mapAISDKError(
      new UnsupportedFunctionalityError({ functionality: 'file parts' }),
      context,
    );
    expect(InvalidArgumentError.isInstance(unsupported)).toBe(true);
    expect((unsupported as Error).message).toContain('groq.chat cannot take this request');
    const prompt = mapAISDKError(new InvalidPromptError({ prompt: [], message: 'empty' }), context);
    expect(InvalidArgumentError.isInstance(prompt)).toBe(true);
    expect(
      mapped(new NoSuchModelError({ modelId: 'llama-4', modelType: 'languageModel' })),
    ).toMatchObject({ kind: 'model-not-found', isRetryable: false });
    expect(mapped(new JSONParseError({ text: '{', cause: new Error('bad') }))).toMatchObject({
      kind: 'invalid-response',
      isRetryable: false,
    });
  });

  it('passes Forge errors through and reports anything else as the provider failure', () => {
    const forge = new APICallError({ message: 'x', kind: 'timeout' });
    expect(mapAISDKError(forge, context)).toBe(forge);
    const plain = mapped(new Error('middleware blew up'));
    expect(plain).toMatchObject({ kind: 'provider', isRetryable: false });
    expect(plain.message).toBe('groq:llama-4: AI SDK model groq.chat failed: middleware blew up');
    expect(mapped(new TypeError('fetch failed'))).toMatchObject({
      kind: 'connection',
      isRetryable: true,
    });
  });
});

describe('an AI SDK model under withRetry', () => {
  it('retries a 429 after its retry-after, then succeeds', async () => {
    let calls = 0;
    const mock = new MockLanguageModelV3({
      doGenerate: async () => {
        calls += 1;
        if (calls === 1) {
          throw httpFailure(429, { responseHeaders: { 'retry-after-ms': '5' } });
        }
        return {
          content: [{ type: 'text', text: 'ok' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 1, text: 1, reasoning: undefined },
          },
          warnings: [],
        };
      },
    });
    const delays: number[] = [];
    const model = withRetry(fromAISDK(mock), { onRetry: (event) => delays.push(event.delayMs) });
    expect((await model.generate({ messages: [] })).text).toBe('ok');
    expect(delays).toEqual([5]);
  });

  it('does not retry a 400 and gives up on repeated 500s with every attempt kept', async () => {
    const bad = new MockLanguageModelV3({
      doGenerate: async () => {
        throw httpFailure(400);
      },
    });
    const once = await withRetry(fromAISDK(bad), { initialDelayMs: 1 })
      .generate({ messages: [] })
      .catch((caught: unknown) => caught);
    expect(APICallError.isInstance(once)).toBe(true);
    expect(bad.doGenerateCalls).toHaveLength(1);
    const down = new MockLanguageModelV3({
      doGenerate: async () => {
        throw httpFailure(500);
      },
    });
    const exhausted = await withRetry(fromAISDK(down), { maxRetries: 2, initialDelayMs: 1 })
      .generate({ messages: [] })
      .catch((caught: unknown) => caught);
    expect(RetryError.isInstance(exhausted)).toBe(true);
    expect((exhausted as RetryError).attempts).toBe(3);
  });
});
