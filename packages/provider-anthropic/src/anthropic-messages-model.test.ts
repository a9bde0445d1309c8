import { APICallError, MemoryCallCache, withCache, withRetry, withTimeout } from '@forge/provider';
import {
  answersThroughRetryAndCache,
  deeplyNestedJson,
  failuresThroughRetry,
  type LoopbackServer,
  tooDeepRefusalPlaces,
} from '@forge/provider/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropic } from './create-anthropic.js';
import {
  anthropicError,
  anthropicMessage,
  startAnthropicTestServer,
} from './testing/anthropic-test-server.js';

// A fake key in Anthropic's shape, assembled so no key-shaped literal is committed.
const apiKey = ['sk', 'ant', 'test', '0123456789abcdef'].join('-');
let server: LoopbackServer;

beforeEach(async () => {
  server = await startAnthropicTestServer();
});
afterEach(async () => {
  await server.close();
});

function model(settings: { requestTimeoutMs?: number } = {}) {
  return createAnthropic({
    apiKey,
    baseURL: server.url,
    environment: {},
    ...settings,
  }).languageModel('claude-test');
}

async function failure(promise: Promise<unknown>): Promise<APICallError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(APICallError.isInstance(error), String(error)).toBe(true);
  return error as APICallError;
}

describe('AnthropicMessagesModel through @anthropic-ai/sdk', () => {
  it('sends a plain request with the 1.x headers and maps text, usage and id', async () => {
    server.enqueue(
      anthropicMessage({ text: 'Paris.', usage: { inputTokens: 20, outputTokens: 3 } }),
    );
    const result = await model().generate({
      system: 'Answer briefly.',
      messages: [{ role: 'user', content: 'Capital of France?' }],
      maxOutputTokens: 64,
      metadata: { role: 'task' },
    });
    expect(result).toEqual({
      text: 'Paris.',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 20, outputTokens: 3, cachedInputTokens: 0, cacheWriteTokens: 0 },
      response: { id: 'msg_test', modelId: 'claude-test' },
    });
    const request = server.requests[0];
    expect(request?.path).toBe('/v1/messages');
    expect(request?.headers['authorization']).toBe(`Bearer ${apiKey}`);
    expect(request?.headers['anthropic-version']).toBe('2026-10-21');
    expect(request?.body).toEqual({
      model: 'claude-test',
      max_tokens: 64,
      system: 'Answer briefly.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Capital of France?' }] }],
    });
  });

  it("sends a base URL's query with every request, after the path (a gateway's key or version)", async () => {
    server.enqueue(anthropicMessage({ text: 'one' }));
    server.enqueue(anthropicMessage({ text: 'two' }));
    const routed = createAnthropic({
      apiKey,
      baseURL: `${server.url}/gateway/?route=claude&tenant=a%2Fb`,
      environment: {},
    }).languageModel('claude-test');
    for (const content of ['first', 'second']) {
      await routed.generate({ messages: [{ role: 'user', content }], maxOutputTokens: 8 });
    }
    expect(server.requests.map((request) => request.path)).toEqual([
      '/gateway/v1/messages?route=claude&tenant=a%2Fb',
      '/gateway/v1/messages?route=claude&tenant=a%2Fb',
    ]);
  });

  it('sends tool_use and tool_result blocks and parses tool calls', async () => {
    server.enqueue(
      anthropicMessage({
        text: 'Let me look.',
        toolUses: [{ id: 'toolu_2', name: 'search', input: { query: 'Tokyo' } }],
      }),
    );
    const result = await model().generate({
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'toolu_1', name: 'search', input: { query: 'x' } }],
        },
        {
          role: 'tool',
          toolCallId: 'toolu_1',
          toolName: 'search',
          content: 'failed',
          isError: true,
        },
        { role: 'user', content: 'Try again.' },
      ],
      tools: [{ name: 'search', description: 'Searches.', inputSchema: { type: 'object' } }],
      toolChoice: 'required',
    });
    expect(result).toMatchObject({
      text: 'Let me look.',
      finishReason: 'tool-calls',
      toolCalls: [{ id: 'toolu_2', name: 'search', input: { query: 'Tokyo' } }],
    });
    expect(server.requests[0]?.body).toMatchObject({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'search', input: { query: 'x' } }],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'failed', is_error: true },
            { type: 'text', text: 'Try again.' },
          ],
        },
      ],
      tools: [{ name: 'search', description: 'Searches.', input_schema: { type: 'object' } }],
      tool_choice: { type: 'any' },
    });
  });

  it('asks for JSON through output_config with a schema, and warns without one or with temperature', async () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
    server.enqueue(anthropicMessage({ text: '{"ok":true}' }), anthropicMessage({ text: '{}' }));
    const result = await model().generate({
      messages: [{ role: 'user', content: 'Judge.' }],
      responseFormat: { type: 'json', schema },
      providerOptions: { anthropic: { effort: 'medium' } },
    });
    expect(JSON.parse(result.text)).toEqual({ ok: true });
    expect(server.requests[0]?.body).toMatchObject({
      output_config: { effort: 'medium', format: { type: 'json_schema', schema } },
    });
    const second = await model().generate({
      messages: [{ role: 'user', content: 'x' }],
      responseFormat: { type: 'json' },
      temperature: 0,
    });
    expect(server.requests[1]?.body).not.toHaveProperty('temperature');
    expect(second.warnings?.map((warning) => warning.setting)).toEqual([
      'temperature',
      'responseFormat',
    ]);
  });

  it('caches long system prompts and reports cache reads and writes', async () => {
    const longPrompt = 'Follow these rules carefully. '.repeat(200);
    server.enqueue(
      anthropicMessage({
        text: 'ok',
        usage: {
          inputTokens: 50,
          outputTokens: 5,
          cacheCreationInputTokens: 1500,
          cacheReadInputTokens: 0,
        },
      }),
      anthropicMessage({
        text: 'ok',
        usage: {
          inputTokens: 50,
          outputTokens: 5,
          cacheCreationInputTokens: 0,
          cacheReadInputTokens: 1500,
          thinkingTokens: 2,
        },
      }),
      anthropicMessage({ text: 'short' }),
    );
    const first = await model().generate({
      system: longPrompt,
      messages: [{ role: 'user', content: 'a' }],
    });
    const second = await model().generate({
      system: longPrompt,
      messages: [{ role: 'user', content: 'b' }],
    });
    await model().generate({
      system: 'Short prompt.',
      messages: [{ role: 'user', content: 'c' }],
      providerOptions: { anthropic: { cacheSystemPrompt: false } },
    });
    expect(server.requests[0]?.body).toMatchObject({
      system: [{ type: 'text', text: longPrompt, cache_control: { type: 'ephemeral' } }],
    });
    expect(server.requests[2]?.body).toMatchObject({ system: 'Short prompt.' });
    expect(first.usage).toEqual({
      inputTokens: 1550,
      outputTokens: 5,
      cachedInputTokens: 0,
      cacheWriteTokens: 1500,
    });
    expect(second.usage).toEqual({
      inputTokens: 1550,
      outputTokens: 5,
      cachedInputTokens: 1500,
      cacheWriteTokens: 0,
      reasoningTokens: 2,
    });
  });

  it("sends a turn's thinking blocks back, signature intact, when the tool loop continues", async () => {
    const anthropic = model();
    server.enqueue(
      anthropicMessage({
        thinking: { thinking: 'I should search.', signature: 'sig-abc' },
        toolUses: [{ id: 'toolu_9', name: 'search', input: {} }],
      }),
      anthropicMessage({ text: 'Found it.' }),
    );
    const tools = [{ name: 'search', description: 'Searches.', inputSchema: { type: 'object' } }];
    const options = { anthropic: { thinking: { type: 'enabled' as const, budgetTokens: 2048 } } };
    const first = await anthropic.generate({
      messages: [{ role: 'user', content: 'q' }],
      tools,
      providerOptions: options,
    });
    expect(first.reasoning).toBe('I should search.');
    await anthropic.generate({
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: first.text,
          toolCalls: first.toolCalls,
          reasoning: first.reasoning,
        },
        { role: 'tool', toolCallId: 'toolu_9', toolName: 'search', content: 'result' },
      ],
      tools,
      providerOptions: options,
    });
    expect(server.requests[0]?.body).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 2048 },
    });
    expect(server.requests[1]?.body).toMatchObject({
      messages: [
        {},
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'I should search.', signature: 'sig-abc' },
            { type: 'tool_use', id: 'toolu_9', name: 'search', input: {} },
          ],
        },
        {},
      ],
    });
  });

  it('retries a 429 after the retry-after-ms wait, then succeeds', async () => {
    server.enqueue(
      anthropicError(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', {
        'retry-after-ms': '5',
      }),
      anthropicMessage({ text: 'after wait' }),
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

  it('retries a 500 and a 529 overloaded, then succeeds', async () => {
    server.enqueue(
      anthropicError(500, 'api_error', 'Internal server error'),
      anthropicError(529, 'overloaded_error', 'Overloaded'),
      anthropicMessage({ text: 'fine' }),
    );
    const result = await withRetry(model(), { initialDelayMs: 1 }).generate({ messages: [] });
    expect(result.text).toBe('fine');
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 401 and never shows the key', async () => {
    server.enqueue(anthropicError(401, 'authentication_error', `invalid x-api-key ${apiKey}`));
    const error = await failure(
      withRetry(model(), { initialDelayMs: 1 }).generate({ messages: [] }),
    );
    expect(error).toMatchObject({
      kind: 'http',
      statusCode: 401,
      isRetryable: false,
      provider: 'anthropic',
    });
    expect(server.requests).toHaveLength(1);
    const everything = `${error.message} ${error.responseBody} ${String(error.cause)} ${JSON.stringify(error)}`;
    expect(everything).not.toContain(apiKey);
    expect(error.message).toContain('ANTHROPIC_API_KEY');
  });

  it('turns a body of the wrong shape into a non-retryable invalid-response error', async () => {
    server.enqueue({ json: { type: 'message', content: 'not blocks' } });
    const error = await failure(model().generate({ messages: [] }));
    expect(error).toMatchObject({ kind: 'invalid-response', isRetryable: false });
  });

  it('refuses a body nested 20,000 deep, as success or error, once and without retrying', async () => {
    const deep = deeplyNestedJson();
    const json = { 'content-type': 'application/json' };
    server.enqueue(
      {
        body: `{"type":"message","content":[{"type":"tool_use","id":"t1","name":"f","input":{"a":${deep}}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}}`,
        headers: json,
      },
      {
        status: 400,
        body: `{"type":"error","error":{"type":"x","message":${deep}}}`,
        headers: json,
      },
      {
        status: 529,
        body: `{"type":"error","error":{"type":"overloaded","detail":${deep}}}`,
        headers: json,
      },
    );
    const { failures, retried } = await failuresThroughRetry(model(), 3);
    expect(tooDeepRefusalPlaces(failures, server.url)).toEqual([
      'content.0.input.a.0.0…',
      '(no place)',
      '(no place)',
    ]);
    expect(retried).toEqual([]);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a truncated, non-JSON or cut-off body like a reset and never caches it', async () => {
    server.enqueue(
      { body: '{"content": [', headers: { 'content-type': 'application/json' } },
      { body: '<html>overloaded</html>', headers: { 'content-type': 'text/html' } },
      { ...anthropicMessage({ text: 'cut' }), cutAfterBytes: 30 },
      anthropicMessage({ text: 'whole' }),
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
    expect(retried[0]?.message).toContain('not valid JSON');
    expect(retried[1]?.message).toContain('not JSON');
    expect(retried[2]?.message).toContain('could not be read');
    expect(server.requests).toHaveLength(4);
  });

  it('times out a slow response and closes the connection', async () => {
    server.enqueue(anthropicMessage({ text: 'late', delayMs: 5000 }));
    const error = await failure(
      withTimeout(model(), { timeoutMs: 300 }).generate({ messages: [] }),
    );
    expect(error).toMatchObject({ kind: 'timeout', isRetryable: true });
    await server.waitForClientClose(0);
  });

  it('maps the SDK transport timeout to a retryable timeout error', async () => {
    server.enqueue(anthropicMessage({ delayMs: 5000 }));
    const error = await failure(model({ requestTimeoutMs: 100 }).generate({ messages: [] }));
    expect(error).toMatchObject({ kind: 'timeout', isRetryable: true });
  });

  it('rejects with the caller reason on abort', async () => {
    server.enqueue(anthropicMessage({ delayMs: 5000 }));
    const controller = new AbortController();
    const running = model().generate({ messages: [], abortSignal: controller.signal });
    await server.waitForRequest(0);
    controller.abort(new Error('user pressed stop'));
    await expect(running).rejects.toThrow('user pressed stop');
  });

  it('serves a cache hit with the same result and no new request', async () => {
    server.enqueue(anthropicMessage({ text: 'cached answer' }));
    const cached = withCache(model(), new MemoryCallCache());
    const request = { messages: [{ role: 'user' as const, content: 'q' }] };
    const first = await cached.generate(request);
    expect(await cached.generate(request)).toEqual({ ...first, cached: true });
    expect(server.requests).toHaveLength(1);
  });
});
