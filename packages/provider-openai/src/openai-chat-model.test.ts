import {
  APICallError,
  MemoryCallCache,
  RetryError,
  withCache,
  withRetry,
  withTimeout,
} from '@forge/provider';
import {
  answersThroughRetryAndCache,
  deeplyNestedJson,
  failuresThroughRetry,
  tooDeepRefusalPlaces,
} from '@forge/provider/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAI } from './create-openai.js';
import {
  type OpenAITestServer,
  openAIChatCompletion,
  openAIError,
  startOpenAITestServer,
} from './testing/openai-test-server.js';

const apiKey = 'sk-test-0123456789abcdefghij';
let server: OpenAITestServer;

beforeEach(async () => {
  server = await startOpenAITestServer();
});
afterEach(async () => {
  await server.close();
});

function model(modelId = 'gpt-test', settings: { requestTimeoutMs?: number; name?: string } = {}) {
  return createOpenAI({
    apiKey,
    baseURL: server.baseURL,
    environment: {},
    ...settings,
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

describe('OpenAIChatModel through the openai SDK', () => {
  it('sends a plain request and maps text, usage and response id', async () => {
    server.enqueue(
      openAIChatCompletion({ text: 'Paris.', usage: { promptTokens: 20, completionTokens: 3 } }),
    );
    const result = await model().generate({
      system: 'Answer briefly.',
      messages: [{ role: 'user', content: 'Capital of France?' }],
      maxOutputTokens: 64,
      temperature: 0,
      metadata: { role: 'task', sampleIndex: 3 },
    });
    expect(result).toEqual({
      text: 'Paris.',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 20, outputTokens: 3, cachedInputTokens: 0, reasoningTokens: 0 },
      response: { id: 'chatcmpl-test', modelId: 'gpt-test' },
    });
    const request = server.requests[0];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers['authorization']).toBe(`Bearer ${apiKey}`);
    expect(request?.headers['x-stainless-retry-count']).toBe('0');
    expect(request?.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Capital of France?' },
      ],
      max_completion_tokens: 64,
      temperature: 0,
    });
  });

  it("sends a base URL's query with every request, after the path (Azure-style api-version)", async () => {
    server.enqueue(openAIChatCompletion({ text: 'one' }));
    server.enqueue(openAIChatCompletion({ text: 'two' }));
    const routed = createOpenAI({
      apiKey,
      baseURL: `${server.baseURL}?api-version=2024-10-21&deployment=a%2Fb`,
      environment: {},
    }).languageModel('gpt-test');
    for (const content of ['first', 'second']) {
      await routed.generate({ messages: [{ role: 'user', content }], maxOutputTokens: 8 });
    }
    expect(server.requests.map((request) => request.path)).toEqual([
      '/v1/chat/completions?api-version=2024-10-21&deployment=a%2Fb',
      '/v1/chat/completions?api-version=2024-10-21&deployment=a%2Fb',
    ]);
  });

  it('sends tools, earlier tool calls and tool results, and parses tool calls', async () => {
    server.enqueue(
      openAIChatCompletion({
        toolCalls: [
          { id: 'call_2', name: 'search', arguments: '{"query":"Tokyo weather"}' },
          { id: 'call_3', name: 'search', arguments: 'not json' },
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
        { role: 'tool', toolCallId: 'call_1', toolName: 'search', content: 'nothing' },
      ],
      tools: [
        {
          name: 'search',
          description: 'Searches.',
          inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
        },
      ],
      toolChoice: { type: 'tool', name: 'search' },
    });
    expect(result.finishReason).toBe('tool-calls');
    expect(result.text).toBe('');
    expect(result.toolCalls).toEqual([
      { id: 'call_2', name: 'search', input: { query: 'Tokyo weather' } },
      { id: 'call_3', name: 'search', input: 'not json' },
    ]);
    expect(server.requests[0]?.body).toMatchObject({
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'search', arguments: '{"query":"x"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'nothing' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'search',
            description: 'Searches.',
            parameters: { type: 'object', properties: { query: { type: 'string' } } },
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'search' } },
    });
  });

  it('asks for JSON output with a schema, or plain JSON mode without one', async () => {
    const schema = {
      type: 'object',
      properties: { verdict: { type: 'boolean' } },
      required: ['verdict'],
    };
    server.enqueue(
      openAIChatCompletion({ text: '{"verdict":true}' }),
      openAIChatCompletion({ text: '{}' }),
    );
    const result = await model().generate({
      messages: [{ role: 'user', content: 'Judge.' }],
      responseFormat: { type: 'json', schema, name: 'verdict' },
      providerOptions: { openai: { strictJsonSchema: true } },
    });
    expect(JSON.parse(result.text)).toEqual({ verdict: true });
    await model().generate({
      messages: [{ role: 'user', content: 'x' }],
      responseFormat: { type: 'json' },
    });
    expect(server.requests[0]?.body).toMatchObject({
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'verdict', schema, strict: true },
      },
    });
    expect(server.requests[1]?.body).toMatchObject({ response_format: { type: 'json_object' } });
  });

  it('reports cached and reasoning tokens and the reasoning text of compatible servers', async () => {
    server.enqueue(
      openAIChatCompletion({
        text: '42',
        reasoningContent: 'think think',
        usage: {
          promptTokens: 1000,
          completionTokens: 300,
          cachedTokens: 768,
          reasoningTokens: 250,
        },
      }),
    );
    const result = await model().generate({ messages: [{ role: 'user', content: 'q' }] });
    expect(result.usage).toEqual({
      inputTokens: 1000,
      outputTokens: 300,
      cachedInputTokens: 768,
      reasoningTokens: 250,
    });
    expect(result.reasoning).toBe('think think');
  });

  it('passes vLLM extras and reasoning effort through provider options', async () => {
    server.enqueue(openAIChatCompletion({ text: 'ok', usage: null }));
    const result = await model('Qwen/Qwen3-8B', { name: 'vllm' }).generate({
      messages: [{ role: 'user', content: 'q' }],
      providerOptions: {
        openai: { reasoningEffort: 'medium', seed: 7 },
        vllm: { extraBody: { chat_template_kwargs: { enable_thinking: false } } },
      },
    });
    expect(server.requests[0]?.body).toMatchObject({
      model: 'Qwen/Qwen3-8B',
      reasoning_effort: 'medium',
      seed: 7,
      chat_template_kwargs: { enable_thinking: false },
    });
    expect(result.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(result.warnings?.[0]?.message).toContain('no token usage');
  });

  it('rejects unknown provider options with the field named', async () => {
    await expect(
      model().generate({ messages: [], providerOptions: { openai: { reasoningEfort: 'low' } } }),
    ).rejects.toThrow('providerOptions.openai');
    expect(server.requests).toHaveLength(0);
  });

  it('retries a 429 after the retry-after-ms wait, then succeeds', async () => {
    server.enqueue(
      openAIError(429, 'Rate limit reached for requests', { headers: { 'retry-after-ms': '5' } }),
      openAIChatCompletion({ text: 'after wait' }),
    );
    const waits: number[] = [];
    const result = await withRetry(model(), {
      onRetry: (event) => waits.push(event.delayMs),
    }).generate({
      messages: [{ role: 'user', content: 'q' }],
    });
    expect(result.text).toBe('after wait');
    expect(waits).toEqual([5]);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 500, then succeeds', async () => {
    server.enqueue(
      openAIError(500, 'The server had an error'),
      openAIChatCompletion({ text: 'fine' }),
    );
    const result = await withRetry(model(), { initialDelayMs: 1 }).generate({ messages: [] });
    expect(result.text).toBe('fine');
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 401 and never shows the key', async () => {
    server.enqueue(
      openAIError(401, `Incorrect API key provided: ${apiKey}.`, { code: 'invalid_api_key' }),
    );
    const error = await failure(
      withRetry(model(), { initialDelayMs: 1 }).generate({ messages: [] }),
    );
    expect(error).toMatchObject({
      kind: 'http',
      statusCode: 401,
      isRetryable: false,
      provider: 'openai',
    });
    expect(server.requests).toHaveLength(1);
    const everything = `${error.message} ${error.responseBody} ${String(error.cause)} ${JSON.stringify(error)}`;
    expect(everything).not.toContain(apiKey);
    expect(error.message).toContain('OPENAI_API_KEY');
  });

  it('honours x-should-retry: false on a quota 429', async () => {
    server.enqueue(
      openAIError(429, 'You exceeded your current quota', {
        code: 'insufficient_quota',
        headers: { 'x-should-retry': 'false' },
      }),
    );
    const error = await failure(
      withRetry(model(), { initialDelayMs: 1 }).generate({ messages: [] }),
    );
    expect(error.isRetryable).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('maps a 404 to model-not-found with a hint', async () => {
    server.enqueue(
      openAIError(404, 'The model `nope` does not exist.', { code: 'model_not_found' }),
    );
    const error = await failure(model('nope').generate({ messages: [] }));
    expect(error.kind).toBe('model-not-found');
    expect(error.message).toContain(`${server.baseURL}/models`);
  });

  it('turns a body of the wrong shape into a non-retryable invalid-response error', async () => {
    server.enqueue({ json: { object: 'chat.completion', choices: [] } });
    const error = await failure(model().generate({ messages: [] }));
    expect(error.kind).toBe('invalid-response');
    expect(error.isRetryable).toBe(false);
  });

  it('refuses a body nested 20,000 deep, as success or error, once and without retrying', async () => {
    const deep = deeplyNestedJson();
    const json = { 'content-type': 'application/json' };
    const ok = '"choices":[{"message":{"content":"ok"},"finish_reason":"stop"}]';
    server.enqueue(
      { body: `{${ok},"extra":${deep}}`, headers: json },
      { body: `{"choices":[{"message":{"content":${deep}}}]}`, headers: json },
      { status: 400, body: `{"error":{"message":${deep}}}`, headers: json },
      { status: 500, body: `{"error":{"message":"busy","detail":${deep}}}`, headers: json },
    );
    const { failures, retried } = await failuresThroughRetry(model(), 4);
    expect(tooDeepRefusalPlaces(failures, server.baseURL)).toEqual([
      'extra.0.0.0.0.0…',
      'choices.0.message.content.0.0…',
      '(no place)',
      'error.detail.0.0.0.0.0…',
    ]);
    expect(retried).toEqual([]);
    expect(server.requests).toHaveLength(4);
  });

  it('turns a truncated, non-JSON or cut-off body into a retryable unreadable-response error', async () => {
    server.enqueue(
      { body: '{"choices": [', headers: { 'content-type': 'application/json' } },
      { body: '<html>gateway</html>', headers: { 'content-type': 'text/html' } },
      { ...openAIChatCompletion({ text: 'cut' }), cutAfterBytes: 40 },
    );
    const details: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const error = await failure(model().generate({ messages: [] }));
      expect(error).toMatchObject({ kind: 'unreadable-response', isRetryable: true });
      expect(error.message).toContain(server.baseURL);
      details.push(error.message);
    }
    expect(details[0]).toContain('not valid JSON');
    expect(details[1]).toContain('not JSON');
    expect(details[2]).toContain('could not be read');
  });

  it('retries unreadable bodies like resets and never caches them', async () => {
    server.enqueue(
      { body: '{"choices": [', headers: { 'content-type': 'application/json' } },
      { ...openAIChatCompletion({ text: 'cut' }), cutAfterBytes: 40 },
      { body: '<html>502</html>', headers: { 'content-type': 'text/html' } },
      openAIChatCompletion({ text: 'whole' }),
    );
    const { results, retried } = await answersThroughRetryAndCache(model());
    expect(results.map((result) => [result.text, result.cached === true])).toEqual([
      ['whole', false],
      ['whole', true],
    ]);
    expect(retried.map((error) => error.kind)).toEqual([
      'unreadable-response',
      'unreadable-response',
      'unreadable-response',
    ]);
    expect(server.requests).toHaveLength(4);
  });

  it('times out a slow response and closes the connection', async () => {
    server.enqueue(openAIChatCompletion({ text: 'too late', delayMs: 5000 }));
    const error = await failure(
      withTimeout(model(), { timeoutMs: 300 }).generate({ messages: [] }),
    );
    expect(error.kind).toBe('timeout');
    expect(error.isRetryable).toBe(true);
    await server.waitForClientClose(0);
  });

  it('maps the SDK transport timeout to a retryable timeout error', async () => {
    server.enqueue(openAIChatCompletion({ delayMs: 5000 }));
    const error = await failure(
      model('gpt-test', { requestTimeoutMs: 100 }).generate({ messages: [] }),
    );
    expect(error).toMatchObject({ kind: 'timeout', isRetryable: true });
  });

  it('rejects with the caller reason on abort and closes the connection', async () => {
    server.enqueue(openAIChatCompletion({ delayMs: 5000 }));
    const controller = new AbortController();
    const running = model().generate({ messages: [], abortSignal: controller.signal });
    await server.waitForRequest(0);
    controller.abort(new Error('user pressed stop'));
    await expect(running).rejects.toThrow('user pressed stop');
    await server.waitForClientClose(0);
  });

  it('reports a dead server as a retryable connection error', async () => {
    const baseURL = server.baseURL;
    await server.close();
    const dead = createOpenAI({ apiKey, baseURL, environment: {} }).languageModel('gpt-test');
    const error = await failure(
      withRetry(dead, { maxRetries: 1, initialDelayMs: 1 })
        .generate({ messages: [] })
        .catch((caught: unknown) => {
          throw RetryError.isInstance(caught) ? caught.lastError : caught;
        }),
    );
    expect(error).toMatchObject({ kind: 'connection', isRetryable: true });
    expect(error.message).toContain(baseURL);
    server = await startOpenAITestServer();
  });

  it('serves a cache hit with the same result and no new request', async () => {
    server.enqueue(openAIChatCompletion({ text: 'cached answer' }));
    const cached = withCache(model(), new MemoryCallCache());
    const request = { messages: [{ role: 'user' as const, content: 'q' }] };
    const first = await cached.generate(request);
    const second = await cached.generate(request);
    expect(server.requests).toHaveLength(1);
    expect(second).toEqual({ ...first, cached: true });
  });
});
