import { CostMeter } from '@forge/endpoints';
import {
  InvalidArgumentError,
  LoadSettingError,
  MemoryCallCache,
  MemoryCallRecorder,
  ProviderRegistry,
  registerProvider,
  unregisterProvider,
} from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';
import { ollamaChatResponse, startOllamaTestServer } from '@forge/provider-ollama/testing';
import { OpenAIChatModel } from '@forge/provider-openai';
import {
  openAIChatCompletion,
  openAIError,
  startOpenAITestServer,
} from '@forge/provider-openai/testing';
import { describe, expect, it } from 'vitest';
import { builtinProviders } from './builtin-providers.js';
import { resolveModel } from './resolve-model.js';

describe('resolveModel', () => {
  it('builds a built-in provider model wrapped in retry, cache, meter and recorder', async () => {
    await using server = await startOpenAITestServer();
    server.enqueue(
      openAIError(500, 'transient'),
      openAIChatCompletion({
        text: 'Paris',
        usage: { promptTokens: 1_000_000, completionTokens: 0 },
      }),
    );
    const costMeter = new CostMeter({
      prices: { 'openai:gpt-test': { inputPerMillion: 2, outputPerMillion: 8 } },
    });
    const recorder = new MemoryCallRecorder();
    const model = resolveModel('openai:gpt-test', {
      settings: { apiKey: 'sk-test-abcdefghijklmnop' },
      baseURL: server.baseURL,
      environment: {},
      retry: { initialDelayMs: 1 },
      cache: new MemoryCallCache(),
      costMeter,
      recorder,
      maxOutputTokens: 512,
    });
    expect(model).toMatchObject({
      provider: 'openai',
      modelId: 'gpt-test',
      specificationVersion: 'v1',
    });
    const request = {
      messages: [{ role: 'user' as const, content: 'Capital?' }],
      metadata: { role: 'task' },
    };
    const first = await model.generate(request);
    const second = await model.generate(request);
    expect(first).toMatchObject({ text: 'Paris', costUsd: 2 });
    expect(second).toMatchObject({ text: 'Paris', cached: true, costUsd: 0 });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body).toMatchObject({ max_completion_tokens: 512 });
    expect(costMeter.totals().byRole['task']).toMatchObject({ calls: 1, cachedCalls: 1, usd: 2 });
    expect(recorder.calls).toHaveLength(2);
  });

  it('keeps the key out of errors and recorded calls, end to end', async () => {
    await using server = await startOpenAITestServer();
    const apiKey = 'sk-live-secret-0123456789abcdef';
    server.enqueue(openAIError(401, `Incorrect API key provided: ${apiKey}`));
    const recorder = new MemoryCallRecorder();
    const model = resolveModel('openai:gpt-test', {
      settings: { apiKey, headers: { 'X-Proxy-Token': 'proxy-secret-token-77' } },
      baseURL: server.baseURL,
      environment: {},
      recorder,
    });
    const error = await model
      .generate({ messages: [{ role: 'user', content: 'q' }] })
      .catch((caught: unknown) => caught);
    expect(server.requests[0]?.headers['authorization']).toBe(`Bearer ${apiKey}`);
    const seen = [
      String(error),
      JSON.stringify(error),
      JSON.stringify((error as { responseBody?: string }).responseBody),
      String((error as Error).cause),
      JSON.stringify(recorder.calls),
    ].join('\n');
    expect(seen).not.toContain(apiKey);
    expect(seen).not.toContain('proxy-secret-token-77');
    expect(recorder.calls[0]?.error).toMatchObject({ statusCode: 401, isRetryable: false });
  });

  it('fails before any call when the key is missing, naming the variable', () => {
    let caught: unknown;
    try {
      resolveModel('anthropic:claude-test', { environment: {} });
    } catch (error) {
      caught = error;
    }
    expect(LoadSettingError.isInstance(caught)).toBe(true);
    expect((caught as LoadSettingError).environmentVariable).toBe('ANTHROPIC_API_KEY');
    expect(() => resolveModel('openai:gpt-5.5', { environment: {} })).toThrow('OPENAI_API_KEY');
  });

  it('lists the known providers for an unknown one', () => {
    expect(builtinProviders.names()).toEqual(
      expect.arrayContaining(['anthropic', 'ollama', 'openai']),
    );
    expect(() => resolveModel('mistral:large', { argument: 'taskModel', environment: {} })).toThrow(
      `taskModel: unknown provider "mistral" in "mistral:large"; known providers: ${builtinProviders.names().join(', ')}.`,
    );
  });

  it('uses providers registered with registerProvider, before the built-ins', async () => {
    registerProvider(
      'echo',
      (modelId) => new MockLanguageModel({ provider: 'echo', modelId, responses: () => modelId }),
    );
    registerProvider(
      'ollama',
      () => new MockLanguageModel({ provider: 'ollama', responses: () => 'overridden' }),
    );
    try {
      expect((await resolveModel('echo:hello').generate({ messages: [] })).text).toBe('hello');
      expect((await resolveModel('ollama:qwen3:8b').generate({ messages: [] })).text).toBe(
        'overridden',
      );
      expect(() => resolveModel('nope:x')).toThrow(
        'known providers: anthropic, echo, local, ollama, openai',
      );
    } finally {
      unregisterProvider('echo');
      unregisterProvider('ollama');
    }
  });

  it('sends the baseURL shorthand to Ollama as its host', async () => {
    await using server = await startOllamaTestServer();
    server.enqueue(ollamaChatResponse({ text: 'local' }));
    const model = resolveModel('ollama:qwen3:8b', { baseURL: server.url, environment: {} });
    expect((await model.generate({ messages: [] })).text).toBe('local');
    expect(server.requests[0]?.body).toMatchObject({ model: 'qwen3:8b' });
  });

  it('wraps a LanguageModel object once, and never twice', async () => {
    const recorder = new MemoryCallRecorder();
    const mine = new MockLanguageModel({ responses: () => 'mine' });
    const resolved = resolveModel(mine, { recorder });
    expect(resolved).not.toBe(mine);
    expect(resolveModel(resolved, { recorder })).toBe(resolved);
    await resolved.generate({ messages: [] });
    expect(recorder.calls).toHaveLength(1);
    expect(() => resolveModel({ generate() {} } as never, { argument: 'optimizerModel' })).toThrow(
      InvalidArgumentError,
    );
  });

  it('returns the bare adapter model without middleware when asked', () => {
    const bare = resolveModel('openai:gpt-test', {
      baseURL: 'http://127.0.0.1:9/v1',
      environment: {},
      middleware: false,
    });
    expect(bare).toBeInstanceOf(OpenAIChatModel);
  });

  it('uses a given registry alone', () => {
    const registry = new ProviderRegistry({ fallback: builtinProviders }).register(
      'sim',
      (modelId) => new MockLanguageModel({ provider: 'sim', modelId }),
    );
    expect(resolveModel('sim:task', { registry }).provider).toBe('sim');
    expect(() => resolveModel('sim:task', { registry: new ProviderRegistry() })).toThrow(
      '(none registered)',
    );
  });
});
