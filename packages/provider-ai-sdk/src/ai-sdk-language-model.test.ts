import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { APICallError, type GenerateRequest, InvalidArgumentError } from '@forge/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { fromAISDK } from './ai-sdk-language-model.js';

const usage = {
  inputTokens: { total: 120, noCache: 20, cacheRead: 100, cacheWrite: 4 },
  outputTokens: { total: 50, text: 30, reasoning: 20 },
};

function generated(
  overrides: Partial<LanguageModelV3GenerateResult> = {},
): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text: 'Paris' }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage,
    warnings: [],
    ...overrides,
  };
}

const question: GenerateRequest = { messages: [{ role: 'user', content: 'Capital of France?' }] };

describe('fromAISDK', () => {
  it('reports the provider before the first dot, the model id, and spec v1', () => {
    const mock = new MockLanguageModelV3({ provider: 'openai.chat', modelId: 'gpt-5.5' });
    expect(fromAISDK(mock)).toMatchObject({
      specificationVersion: 'v1',
      provider: 'openai',
      modelId: 'gpt-5.5',
      aiSDKModel: mock,
    });
    expect(fromAISDK(mock, { provider: 'gateway', modelId: 'big' })).toMatchObject({
      provider: 'gateway',
      modelId: 'big',
    });
  });

  it('returns text, reasoning, tool calls, usage, finish reason, warnings and the response', async () => {
    const mock = new MockLanguageModelV3({
      doGenerate: generated({
        content: [
          { type: 'reasoning', text: 'The user asks about ' },
          { type: 'reasoning', text: 'France.' },
          { type: 'text', text: 'Let me ' },
          { type: 'text', text: 'look it up.' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'search', input: '{"q":"France"}' },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'noop', input: '' },
          { type: 'tool-call', toolCallId: 'call_3', toolName: 'broken', input: '{"q":' },
          {
            type: 'tool-call',
            toolCallId: 'srv_1',
            toolName: 'web_search',
            input: '{}',
            providerExecuted: true,
          },
          { type: 'source', sourceType: 'url', id: 's1', url: 'https://example.org' },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        warnings: [
          { type: 'unsupported', feature: 'temperature', details: 'reasoning models ignore it' },
          { type: 'other', message: 'something odd' },
        ],
        response: { id: 'resp_1', modelId: 'gpt-5.5-2026-10-01', timestamp: new Date(0) },
      }),
    });
    const result = await fromAISDK(mock).generate(question);
    expect(result).toEqual({
      text: 'Let me look it up.',
      reasoning: 'The user asks about France.',
      toolCalls: [
        { id: 'call_1', name: 'search', input: { q: 'France' } },
        { id: 'call_2', name: 'noop', input: {} },
        { id: 'call_3', name: 'broken', input: '{"q":' },
      ],
      finishReason: 'tool-calls',
      usage: {
        inputTokens: 120,
        outputTokens: 50,
        cachedInputTokens: 100,
        cacheWriteTokens: 4,
        reasoningTokens: 20,
      },
      warnings: [
        {
          type: 'unsupported-setting',
          setting: 'temperature',
          message: 'reasoning models ignore it',
        },
        { type: 'other', message: 'something odd' },
        {
          type: 'other',
          message: 'the AI SDK model returned provider-executed tool calls; Forge ignores them',
        },
        { type: 'other', message: 'the AI SDK model returned sources; Forge ignores them' },
      ],
      response: { id: 'resp_1', modelId: 'gpt-5.5-2026-10-01' },
    });
  });

  it('maps every unified finish reason and leaves unreported counts out', async () => {
    for (const unified of ['stop', 'length', 'content-filter', 'error', 'other'] as const) {
      const mock = new MockLanguageModelV3({
        doGenerate: generated({ finishReason: { unified, raw: undefined } }),
      });
      expect((await fromAISDK(mock).generate(question)).finishReason).toBe(unified);
    }
    const sparse = new MockLanguageModelV3({
      doGenerate: generated({
        usage: {
          inputTokens: {
            total: undefined,
            noCache: 7,
            cacheRead: undefined,
            cacheWrite: undefined,
          },
          outputTokens: { total: undefined, text: undefined, reasoning: undefined },
        },
      }),
    });
    const result = await fromAISDK(sparse).generate(question);
    expect(result.usage).toEqual({ inputTokens: 7, outputTokens: 0 });
    expect(result).not.toHaveProperty('reasoning');
    expect(result).not.toHaveProperty('warnings');
    expect(result).not.toHaveProperty('response');
  });

  it('sends system, turns, tools, tool choice, JSON schema, limits, options and the signal', async () => {
    const mock = new MockLanguageModelV3({ doGenerate: generated() });
    const controller = new AbortController();
    const schema = { type: 'object', properties: { answer: { type: 'string' } } };
    await fromAISDK(mock).generate({
      system: 'Answer briefly.',
      messages: [
        { role: 'user', content: 'Capital of France?' },
        {
          role: 'assistant',
          content: '',
          reasoning: 'Need to search.',
          toolCalls: [
            { id: 'c1', name: 'search', input: { q: 'France capital' } },
            { id: 'c2', name: 'search', input: { q: 'Paris' } },
          ],
        },
        { role: 'tool', toolCallId: 'c1', toolName: 'search', content: 'Paris' },
        { role: 'tool', toolCallId: 'c2', toolName: 'search', content: 'timeout', isError: true },
        { role: 'assistant', content: 'Paris.' },
        { role: 'user', content: 'As JSON please.' },
      ],
      tools: [
        {
          name: 'search',
          description: 'Search the web',
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        },
      ],
      toolChoice: { type: 'tool', name: 'search' },
      maxOutputTokens: 256,
      temperature: 0.2,
      responseFormat: { type: 'json', schema, name: 'answer' },
      providerOptions: { openai: { reasoningEffort: 'low' } },
      abortSignal: controller.signal,
      metadata: { role: 'task', sampleIndex: 2 },
    });
    expect(mock.doGenerateCalls).toHaveLength(1);
    const options = mock.doGenerateCalls[0];
    expect(options).toEqual({
      prompt: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: [{ type: 'text', text: 'Capital of France?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Need to search.' },
            {
              type: 'tool-call',
              toolCallId: 'c1',
              toolName: 'search',
              input: { q: 'France capital' },
            },
            { type: 'tool-call', toolCallId: 'c2', toolName: 'search', input: { q: 'Paris' } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'search',
              output: { type: 'text', value: 'Paris' },
            },
            {
              type: 'tool-result',
              toolCallId: 'c2',
              toolName: 'search',
              output: { type: 'error-text', value: 'timeout' },
            },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'Paris.' }] },
        { role: 'user', content: [{ type: 'text', text: 'As JSON please.' }] },
      ],
      tools: [
        {
          type: 'function',
          name: 'search',
          description: 'Search the web',
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        },
      ],
      toolChoice: { type: 'tool', toolName: 'search' },
      maxOutputTokens: 256,
      temperature: 0.2,
      responseFormat: { type: 'json', schema, name: 'answer' },
      providerOptions: { openai: { reasoningEffort: 'low' } },
      abortSignal: controller.signal,
    });
  });

  it('leaves unset fields unset and maps the string tool choices', async () => {
    const mock = new MockLanguageModelV3({ doGenerate: generated() });
    const model = fromAISDK(mock);
    await model.generate({ messages: [{ role: 'user', content: 'hi' }] });
    expect(mock.doGenerateCalls[0]).toEqual({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
    for (const choice of ['auto', 'none', 'required'] as const) {
      await model.generate({ ...question, toolChoice: choice });
      expect(mock.doGenerateCalls.at(-1)?.toolChoice).toEqual({ type: choice });
    }
    await model.generate({ ...question, responseFormat: { type: 'json' } });
    expect(mock.doGenerateCalls.at(-1)?.responseFormat).toEqual({ type: 'json' });
  });

  it('does not call the model when the signal is already aborted', async () => {
    const mock = new MockLanguageModelV3({ doGenerate: generated() });
    const controller = new AbortController();
    controller.abort(new Error('stopped by the user'));
    await expect(
      fromAISDK(mock).generate({ ...question, abortSignal: controller.signal }),
    ).rejects.toThrow('stopped by the user');
    expect(mock.doGenerateCalls).toHaveLength(0);
  });

  it('rejects what is not an AI SDK v3 language model, naming the version', () => {
    const v2 = { specificationVersion: 'v2', provider: 'p', modelId: 'm', doGenerate() {} };
    let error: unknown;
    try {
      fromAISDK(v2 as never);
    } catch (caught) {
      error = caught;
    }
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('specification "v2"; this package supports "v3"');
    expect(() => fromAISDK({} as never)).toThrow('expected an AI SDK language model');
  });

  it('keeps errors typed for callers: a Forge APICallError from a failing mock', async () => {
    const mock = new MockLanguageModelV3({
      doGenerate: async () => {
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      },
    });
    const error = await fromAISDK(mock)
      .generate(question)
      .catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'connection',
      isRetryable: true,
      provider: 'mock-provider',
    });
  });
});
