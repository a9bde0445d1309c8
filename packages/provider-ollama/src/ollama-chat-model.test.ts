import { APICallError, MemoryCallCache, withCache, withRetry, withTimeout } from '@forge/provider';
import {
  answersThroughRetryAndCache,
  deeplyNestedJson,
  failuresThroughRetry,
  type LoopbackServer,
  tooDeepRefusalPlaces,
} from '@forge/provider/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOllama } from './create-ollama.js';
import {
  ollamaChatResponse,
  ollamaError,
  startOllamaTestServer,
} from './testing/ollama-test-server.js';

let server: LoopbackServer;

beforeEach(async () => {
  server = await startOllamaTestServer();
});
afterEach(async () => {
  await server.close();
});

function model(modelId = 'qwen3:8b') {
  let next = 0;
  return createOllama({
    host: server.url,
    environment: {},
    generateId: () => `generated_${next++}`,
  }).languageModel(modelId);
}

async function failure(promise: Promise<unknown>): Promise<APICallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(APICallError.isInstance(error), String(error)).toBe(true);
  return error as APICallError;
}

describe('OllamaChatModel through the ollama client', () => {
  it('sends a plain request with think and options and maps text, reasoning and token counts', async () => {
    server.enqueue(
      ollamaChatResponse({ text: 'Paris.', thinking: 'easy', promptEvalCount: 26, evalCount: 3 }),
    );
    const result = await model().generate({
      system: 'Answer briefly.',
      messages: [{ role: 'user', content: 'Capital of France?' }],
      maxOutputTokens: 8192,
      temperature: 0,
      providerOptions: {
        ollama: { think: false, options: { num_ctx: 8192, temperature: 0.7 }, keepAlive: '10m' },
      },
      metadata: { role: 'task' },
    });
    expect(result).toEqual({
      text: 'Paris.',
      reasoning: 'easy',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 26, outputTokens: 3 },
      response: { modelId: 'qwen3:8b' },
    });
    expect(server.requests[0]?.path).toBe('/api/chat');
    expect(server.requests[0]?.body).toEqual({
      model: 'qwen3:8b',
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Capital of France?' },
      ],
      stream: false,
      think: false,
      keep_alive: '10m',
      options: { num_ctx: 8192, temperature: 0, num_predict: 8192 },
    });
  });

  it('sends tools and tool results and parses object arguments, giving id-less calls an id', async () => {
    server.enqueue(
      ollamaChatResponse({
        toolCalls: [
          { id: 'call_x', name: 'search', arguments: { query: 'Tokyo' } },
          { name: 'search', arguments: { query: 'Kyoto' } },
        ],
      }),
    );
    const result = await model().generate({
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_1', name: 'search', input: { query: 'x' } }],
        },
        { role: 'tool', toolCallId: 'call_1', toolName: 'search', content: '18C' },
      ],
      tools: [{ name: 'search', description: 'Searches.', inputSchema: { type: 'object' } }],
    });
    expect(result.finishReason).toBe('tool-calls');
    expect(result.toolCalls).toEqual([
      { id: 'call_x', name: 'search', input: { query: 'Tokyo' } },
      { id: 'generated_0', name: 'search', input: { query: 'Kyoto' } },
    ]);
    expect(server.requests[0]?.body).toMatchObject({
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'call_1', function: { name: 'search', arguments: { query: 'x' } } }],
        },
        { role: 'tool', content: '18C', tool_name: 'search', tool_call_id: 'call_1' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'search', description: 'Searches.', parameters: { type: 'object' } },
        },
      ],
    });
  });

  it('sends a JSON schema as format, or "json" without one', async () => {
    const schema = { type: 'object', properties: { age: { type: 'integer' } }, required: ['age'] };
    server.enqueue(ollamaChatResponse({ text: '{"age":22}' }), ollamaChatResponse({ text: '{}' }));
    const result = await model().generate({
      messages: [],
      responseFormat: { type: 'json', schema },
    });
    await model().generate({ messages: [], responseFormat: { type: 'json' } });
    expect(JSON.parse(result.text)).toEqual({ age: 22 });
    expect(server.requests[0]?.body).toMatchObject({ format: schema });
    expect(server.requests[1]?.body).toMatchObject({ format: 'json' });
  });

  it('counts a missing prompt_eval_count as 0 with a warning, and maps length', async () => {
    server.enqueue(
      ollamaChatResponse({ text: 'cut', promptEvalCount: null, doneReason: 'length' }),
    );
    const result = await model().generate({ messages: [] });
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 7 });
    expect(result.finishReason).toBe('length');
    expect(result.warnings?.[0]?.message).toContain('prompt_eval_count');
  });

  it('says to `ollama pull` a model that is not pulled, and does not retry', async () => {
    server.enqueue(ollamaError(404, "model 'qwen3:14b' not found"));
    const error = await failure(
      withRetry(model('qwen3:14b'), { initialDelayMs: 1 }).generate({ messages: [] }),
    );
    expect(error).toMatchObject({ kind: 'model-not-found', statusCode: 404, isRetryable: false });
    expect(error.message).toContain('ollama pull qwen3:14b');
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 after the retry-after-ms wait, then succeeds', async () => {
    server.enqueue(
      ollamaError(429, 'too many requests', { 'retry-after-ms': '5' }),
      ollamaChatResponse({ text: 'ok' }),
    );
    const waits: number[] = [];
    const result = await withRetry(model(), {
      onRetry: (event) => waits.push(event.delayMs),
    }).generate({
      messages: [],
    });
    expect(result.text).toBe('ok');
    expect(waits).toEqual([5]);
  });

  it('retries a 500, then succeeds', async () => {
    server.enqueue(
      ollamaError(500, 'llama runner process has terminated'),
      ollamaChatResponse({ text: 'ok' }),
    );
    const result = await withRetry(model(), { initialDelayMs: 1 }).generate({ messages: [] });
    expect(result.text).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 401 from an authenticating proxy and redacts tokens', async () => {
    server.enqueue(ollamaError(401, 'bad token Bearer abcdefghijklmnopqrst'));
    const error = await failure(
      withRetry(model(), { initialDelayMs: 1 }).generate({ messages: [] }),
    );
    expect(error).toMatchObject({ statusCode: 401, isRetryable: false });
    expect(`${error.message} ${error.responseBody}`).not.toContain('abcdefghijklmnopqrst');
    expect(server.requests).toHaveLength(1);
  });

  it('turns a body of the wrong shape into a non-retryable invalid-response error', async () => {
    server.enqueue({ json: { model: 'qwen3:8b', done: true } });
    const error = await failure(model().generate({ messages: [] }));
    expect(error).toMatchObject({ kind: 'invalid-response', isRetryable: false });
  });

  it('refuses a body nested 20,000 deep, as success or error, once and without retrying', async () => {
    const deep = deeplyNestedJson();
    const json = { 'content-type': 'application/json' };
    server.enqueue(
      {
        body: `{"model":"qwen3:8b","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"f","arguments":{"a":${deep}}}}]},"done":true,"prompt_eval_count":1,"eval_count":1}`,
        headers: json,
      },
      { status: 500, body: `{"error":${deep}}`, headers: json },
    );
    const { failures, retried } = await failuresThroughRetry(model(), 2);
    expect(tooDeepRefusalPlaces(failures, server.url)).toEqual([
      'message.tool_calls.0.function.arguments.a…',
      '(no place)',
    ]);
    expect(retried).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a truncated, non-JSON or cut-off body like a reset and never caches it', async () => {
    server.enqueue(
      { body: '{"message": ', headers: { 'content-type': 'application/json' } },
      { body: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } },
      { ...ollamaChatResponse({ text: 'cut' }), cutAfterBytes: 30 },
      ollamaChatResponse({ text: 'whole' }),
    );
    const { results, retried } = await answersThroughRetryAndCache(model());
    expect(results.map((result) => [result.text, result.cached === true])).toEqual([
      ['whole', false],
      ['whole', true],
    ]);
    expect(retried.map((error) => [error.kind, error.isRetryable])).toEqual([
      ['unreadable-response', true],
      ['unreadable-response', true],
      ['unreadable-response', true],
    ]);
    expect(retried[2]?.message).toContain('could not be read');
    expect(retried[2]?.message).not.toContain('ollama serve');
    expect(server.requests).toHaveLength(4);
  });

  it('times out a slow response and closes the connection', async () => {
    server.enqueue(ollamaChatResponse({ text: 'late', delayMs: 5000 }));
    const error = await failure(
      withTimeout(model(), { timeoutMs: 300 }).generate({ messages: [] }),
    );
    expect(error).toMatchObject({ kind: 'timeout', isRetryable: true });
    await server.waitForClientClose(0);
  });

  it('rejects with the caller reason on abort', async () => {
    server.enqueue(ollamaChatResponse({ delayMs: 5000 }));
    const controller = new AbortController();
    const running = model().generate({ messages: [], abortSignal: controller.signal });
    await server.waitForRequest(0);
    controller.abort(new Error('user pressed stop'));
    await expect(running).rejects.toThrow('user pressed stop');
    await server.waitForClientClose(0);
  });

  it('reports a server that is not running as a retryable connection error naming the host', async () => {
    const host = server.url;
    await server.close();
    const error = await failure(
      createOllama({ host, environment: {} }).languageModel('qwen3:8b').generate({ messages: [] }),
    );
    expect(error).toMatchObject({ kind: 'connection', isRetryable: true });
    expect(error.message).toContain(host);
    expect(error.message).toContain('ollama serve');
    server = await startOllamaTestServer();
  });

  it('serves a cache hit with the same result and no new request', async () => {
    server.enqueue(ollamaChatResponse({ text: 'cached answer' }));
    const cached = withCache(model(), new MemoryCallCache());
    const first = await cached.generate({ messages: [{ role: 'user', content: 'q' }] });
    expect(await cached.generate({ messages: [{ role: 'user', content: 'q' }] })).toEqual({
      ...first,
      cached: true,
    });
    expect(server.requests).toHaveLength(1);
  });
});
