import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  type GenerateRequest,
  type RetryEvent,
  withRetry,
  withTimeout,
} from '@forge/provider';
import {
  deeplyNestedJson,
  failuresThroughRetry,
  startLoopbackServer,
  tooDeepRefusalPlaces,
} from '@forge/provider/testing';
import {
  type OpenAITestServer,
  openAIChatCompletion,
  openAIError,
  startOpenAITestServer,
} from '@forge/provider-openai/testing';
import { describe, expect, it } from 'vitest';
import { fromAISDK } from './ai-sdk-language-model.js';

// A real AI SDK provider package (@ai-sdk/openai-compatible) against a loopback server speaking
// the Chat Completions wire format. No network beyond 127.0.0.1.
const apiKey = ['test', 'loopback', 'key'].join('-');

function vllmModel(server: OpenAITestServer | { baseURL: string }) {
  const provider = createOpenAICompatible({
    name: 'vllm',
    baseURL: server.baseURL,
    apiKey,
    supportsStructuredOutputs: true,
  });
  return fromAISDK(provider.chatModel('Qwen/Qwen3-8B'));
}

const question: GenerateRequest = { messages: [{ role: 'user', content: 'Who wrote Dune?' }] };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('@ai-sdk/openai-compatible through fromAISDK', () => {
  it('sends the request on the wire and maps text, reasoning, tool calls and usage back', async () => {
    await using server = await startOpenAITestServer();
    server.enqueue(
      openAIChatCompletion({
        text: 'Frank Herbert.',
        reasoningContent: 'Dune is a 1965 novel.',
        toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{"title":"Dune"}' }],
        finishReason: 'tool_calls',
        usage: { promptTokens: 40, completionTokens: 12, cachedTokens: 32, reasoningTokens: 5 },
        model: 'Qwen/Qwen3-8B-served',
      }),
    );
    const model = vllmModel(server);
    expect(model).toMatchObject({ provider: 'vllm', modelId: 'Qwen/Qwen3-8B' });
    const schema = {
      type: 'object',
      properties: { author: { type: 'string' } },
      required: ['author'],
    };
    const result = await model.generate({
      system: 'Answer in one line.',
      messages: [
        { role: 'user', content: 'Who wrote Dune?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_0', name: 'lookup', input: { title: 'Dune' } }],
        },
        { role: 'tool', toolCallId: 'call_0', toolName: 'lookup', content: '{"author":"Herbert"}' },
      ],
      tools: [
        {
          name: 'lookup',
          description: 'Look a book up',
          inputSchema: { type: 'object', properties: { title: { type: 'string' } } },
        },
      ],
      toolChoice: 'auto',
      maxOutputTokens: 64,
      temperature: 0,
      responseFormat: { type: 'json', schema, name: 'answer' },
      providerOptions: { vllm: { chat_template_kwargs: { enable_thinking: false } } },
    });
    expect(result).toMatchObject({
      text: 'Frank Herbert.',
      reasoning: 'Dune is a 1965 novel.',
      toolCalls: [{ id: 'call_1', name: 'lookup', input: { title: 'Dune' } }],
      finishReason: 'tool-calls',
      usage: { inputTokens: 40, outputTokens: 12, cachedInputTokens: 32, reasoningTokens: 5 },
      response: { id: 'chatcmpl-test', modelId: 'Qwen/Qwen3-8B-served' },
    });

    const request = server.requests[0];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers['authorization']).toBe(`Bearer ${apiKey}`);
    const body = request?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'Qwen/Qwen3-8B',
      max_tokens: 64,
      temperature: 0,
      tool_choice: 'auto',
      chat_template_kwargs: { enable_thinking: false },
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema } },
    });
    expect(body['messages']).toEqual([
      { role: 'system', content: 'Answer in one line.' },
      { role: 'user', content: 'Who wrote Dune?' },
      {
        role: 'assistant',
        // The provider sends no text as null, as the wire format has it.
        content: null,
        tool_calls: [
          {
            id: 'call_0',
            type: 'function',
            function: { name: 'lookup', arguments: '{"title":"Dune"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_0', content: '{"author":"Herbert"}' },
    ]);
    expect(body['tools']).toEqual([
      {
        type: 'function',
        function: {
          name: 'lookup',
          description: 'Look a book up',
          parameters: { type: 'object', properties: { title: { type: 'string' } } },
        },
      },
    ]);
  });

  it('reports an HTTP error with its status and message, not retryable for a 400', async () => {
    await using server = await startOpenAITestServer();
    server.enqueue(openAIError(400, 'max_tokens is too large for this model'));
    const error = await rejection(withRetry(vllmModel(server)).generate(question));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'http',
      statusCode: 400,
      isRetryable: false,
      provider: 'vllm',
    });
    expect((error as Error).message).toBe(
      'vllm:Qwen/Qwen3-8B: HTTP 400: max_tokens is too large for this model',
    );
    expect(server.requests).toHaveLength(1);
    server.enqueue(openAIError(404, 'The model `Qwen/Qwen3-8B` does not exist.'));
    expect(await rejection(vllmModel(server).generate(question))).toMatchObject({
      kind: 'model-not-found',
      statusCode: 404,
      isRetryable: false,
    });
  });

  it('refuses a body or tool input nested 20,000 deep, as success or error, without retrying', async () => {
    await using server = await startOpenAITestServer();
    const deep = deeplyNestedJson();
    const json = { 'content-type': 'application/json' };
    const ok = '"choices":[{"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]';
    server.enqueue(
      { body: `{"id":"c1",${ok},"extra":${deep}}`, headers: json },
      openAIChatCompletion({
        toolCalls: [{ id: 'call_1', name: 'lookup', arguments: `{"a":${deep}}` }],
        finishReason: 'tool_calls',
      }),
      { status: 500, body: `{"error":{"message":"busy","detail":${deep}}}`, headers: json },
    );
    const { failures, retried } = await failuresThroughRetry(vllmModel(server), 3);
    expect(tooDeepRefusalPlaces(failures, 'vllm.chat')).toEqual([
      'extra.0.0.0.0.0…',
      'toolCalls.0.input.a.0.0…',
      'the HTTP 500 error body',
    ]);
    for (const failure of failures) expect(failure?.message).toMatch(/^vllm:Qwen\/Qwen3-8B: /);
    expect(retried).toEqual([]);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a rate limit after the wait the server asked for, then succeeds', async () => {
    await using server = await startOpenAITestServer();
    server.enqueue(
      openAIError(429, 'Rate limit reached', { headers: { 'retry-after-ms': '30' } }),
      openAIChatCompletion({ text: 'Frank Herbert.' }),
    );
    const retries: RetryEvent[] = [];
    const model = withRetry(vllmModel(server), { onRetry: (event) => retries.push(event) });
    const result = await model.generate(question);
    expect(result.text).toBe('Frank Herbert.');
    expect(server.requests).toHaveLength(2);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ attempt: 1, delayMs: 30, fromRetryAfter: true });
    expect(retries[0]?.error).toMatchObject({ kind: 'http', statusCode: 429, isRetryable: true });
  });

  it('times out a slow server: the connection is closed and the error is a retryable timeout', async () => {
    await using server = await startOpenAITestServer();
    server.enqueue(openAIChatCompletion({ text: 'too late', delayMs: 10_000 }));
    const error = await rejection(
      withTimeout(vllmModel(server), { timeoutMs: 150 }).generate(question),
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'timeout', isRetryable: true });
    await server.waitForClientClose(0);
  });

  it("turns the provider's own fetch timeout into a retryable timeout", async () => {
    await using server = await startOpenAITestServer();
    server.enqueue(openAIChatCompletion({ text: 'too late', delayMs: 10_000 }));
    const provider = createOpenAICompatible({
      name: 'vllm',
      baseURL: server.baseURL,
      apiKey,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(100) }),
    });
    const error = await rejection(fromAISDK(provider.chatModel('m')).generate(question));
    expect(error).toMatchObject({ kind: 'timeout', isRetryable: true, provider: 'vllm' });
  });

  it('makes a refused connection a retryable connection failure', async () => {
    const closed = await startLoopbackServer();
    const baseURL = `${closed.url}/v1`;
    await closed.close();
    const error = await rejection(vllmModel({ baseURL }).generate(question));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'connection', isRetryable: true, statusCode: undefined });
    expect((error as Error).message).toContain('Cannot connect to API');
  });

  it("returns the caller's abort reason and closes the connection", async () => {
    await using server = await startOpenAITestServer();
    server.enqueue(openAIChatCompletion({ text: 'never', delayMs: 10_000 }));
    const controller = new AbortController();
    const reason = new Error('stopped by the user');
    const running = rejection(
      vllmModel(server).generate({ ...question, abortSignal: controller.signal }),
    );
    await server.waitForRequest(0);
    controller.abort(reason);
    expect(await running).toBe(reason);
    await server.waitForClientClose(0);
  });
});
