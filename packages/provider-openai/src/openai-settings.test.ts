import { InvalidArgumentError, LoadSettingError, redactSecrets } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { createOpenAI, openAIProviderFactory } from './create-openai.js';
import { resolveOpenAISettings } from './openai-settings.js';

describe('OpenAI settings', () => {
  it('fails before any call when the official endpoint has no key, naming OPENAI_API_KEY', () => {
    let caught: unknown;
    try {
      createOpenAI({ environment: {} });
    } catch (error) {
      caught = error;
    }
    expect(LoadSettingError.isInstance(caught)).toBe(true);
    expect((caught as LoadSettingError).environmentVariable).toBe('OPENAI_API_KEY');
    expect((caught as Error).message).toContain('OPENAI_API_KEY');
  });

  it('reads the key and base URL from the environment', () => {
    const resolved = resolveOpenAISettings({
      environment: {
        OPENAI_API_KEY: 'sk-env-key-123456',
        OPENAI_BASE_URL: 'http://gpu-box:8000/v1/',
      },
    });
    expect(resolved).toMatchObject({
      apiKey: 'sk-env-key-123456',
      baseURL: 'http://gpu-box:8000/v1',
      name: 'openai',
    });
  });

  it('lets a local OpenAI-compatible server run without a key', () => {
    const resolved = resolveOpenAISettings({
      baseURL: 'http://127.0.0.1:8000/v1',
      environment: {},
    });
    expect(resolved.apiKey).toBe('not-needed');
    const provider = createOpenAI({
      baseURL: 'http://127.0.0.1:8000/v1',
      name: 'vllm',
      environment: {},
    });
    expect(provider('Qwen/Qwen3-8B')).toMatchObject({ provider: 'vllm', modelId: 'Qwen/Qwen3-8B' });
    expect(provider.providerName).toBe('vllm');
  });

  it('names the bad field of invalid settings', () => {
    expect(() => createOpenAI({ baseURL: 'not a url', environment: {} })).toThrow('baseURL');
    expect(() => createOpenAI({ apiKey: 'k', unknown: 1 } as never)).toThrow(InvalidArgumentError);
  });

  it('works as a registry factory with settings and environment from the registry', () => {
    const model = openAIProviderFactory('gpt-5.5', {
      settings: { baseURL: 'http://127.0.0.1:1/v1' },
      environment: {},
    });
    expect(model).toMatchObject({
      provider: 'openai',
      modelId: 'gpt-5.5',
      specificationVersion: 'v1',
    });
    expect(() => openAIProviderFactory('gpt-5.5', { environment: {} })).toThrow(LoadSettingError);
  });
});

describe('OpenAI base URL lists (endpoint pools)', () => {
  it('takes a list, a comma-separated string, or OPENAI_BASE_URL with several URLs', () => {
    const urls = ['http://gpu-1:8000/v1', 'http://gpu-2:8000/v1'];
    expect(resolveOpenAISettings({ baseURL: urls, environment: {} })).toMatchObject({
      baseURL: urls[0],
      baseURLs: urls,
    });
    expect(
      resolveOpenAISettings({
        baseURL: 'http://gpu-1:8000/v1/, http://gpu-2:8000/v1',
        environment: {},
      }).baseURLs,
    ).toEqual(urls);
    expect(
      resolveOpenAISettings({
        environment: { OPENAI_BASE_URL: 'http://gpu-1:8000/v1,,http://gpu-2:8000/v1,' },
      }).baseURLs,
    ).toEqual(urls);
    const provider = createOpenAI({ baseURL: urls, environment: {} });
    expect(provider.baseURLs).toEqual(urls);
    expect(provider('Qwen/Qwen3-8B')).toMatchObject({
      provider: 'openai',
      modelId: 'Qwen/Qwen3-8B',
    });
  });

  it('names the bad entry and where it came from', () => {
    expect(() =>
      resolveOpenAISettings({
        environment: { OPENAI_BASE_URL: 'http://gpu-1:8000/v1,gpu-2:8000' },
      }),
    ).toThrow(
      'OpenAI settings → OPENAI_BASE_URL (entry 2 of 2): "gpu-2:8000" must start with http:// or https://',
    );
    expect(() =>
      resolveOpenAISettings({ baseURL: ['http://a/v1', 'nope'], environment: {} }),
    ).toThrow('OpenAI settings → baseURL (entry 2 of 2): "nope" is not a URL');
    expect(() =>
      resolveOpenAISettings({ baseURL: ['http://a/v1', 'http://a/v1/'], environment: {} }),
    ).toThrow('OpenAI settings → baseURL: http://a/v1 is listed twice');
    expect(() => resolveOpenAISettings({ baseURL: ' , ', environment: {} })).toThrow(
      'OpenAI settings → baseURL: no URL given',
    );
    expect(() => resolveOpenAISettings({ environment: { OPENAI_BASE_URL: ' ,' } })).toThrow(
      'OpenAI settings → OPENAI_BASE_URL: no URL given',
    );
    expect(() =>
      createOpenAI({
        baseURL: ['http://a/v1', 'http://b/v1'],
        pool: { endpointConcurrency: 0 },
        environment: {},
      }),
    ).toThrow('pool.endpointConcurrency');
  });

  it('keeps a query on the recorded URL (trailing slash taken off the path, not the query) and refuses a repeated parameter or a fragment', () => {
    expect(
      resolveOpenAISettings({ baseURL: 'http://gw/v1/?api-version=2024-10-21/', environment: {} })
        .baseURL,
    ).toBe('http://gw/v1?api-version=2024-10-21/');
    expect(() =>
      resolveOpenAISettings({
        baseURL: ['http://a/v1', 'http://b/v1?key=k-000111&key=k-000222'],
        environment: {},
      }),
    ).toThrow(
      'OpenAI settings → baseURL (entry 2 of 2): http://b/v1 gives the query parameter "key" more than once',
    );
    expect(() =>
      resolveOpenAISettings({ environment: { OPENAI_BASE_URL: 'http://a/v1#models' } }),
    ).toThrow('OpenAI settings → OPENAI_BASE_URL: http://a/v1 has a fragment');
  });

  it('still needs the key when any URL of the list is OpenAI’s own', () => {
    expect(() =>
      resolveOpenAISettings({
        baseURL: ['http://gpu-1:8000/v1', 'https://api.openai.com/v1'],
        environment: {},
      }),
    ).toThrow(LoadSettingError);
  });

  it('refuses a password written into a URL (fetch would not send it), keeping it out of every message', () => {
    let message = '';
    try {
      createOpenAI({
        baseURL: ['http://user:pa55-w0rd-xyz@gpu-1:8000/v1', 'http://gpu-2:8000/v1'],
        environment: {},
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('http://gpu-1:8000/v1 carries credentials in the URL');
    expect(message).not.toContain('pa55-w0rd-xyz');
    expect(redactSecrets('failed: pa55-w0rd-xyz')).toBe('failed: [REDACTED]');
  });
});

describe('OpenAI key redaction', () => {
  it('redacts a key given for a custom server but not the keyless placeholder', () => {
    resolveOpenAISettings({
      baseURL: 'http://127.0.0.1:8000/v1',
      apiKey: 'local-server-token-42',
      environment: {},
    });
    resolveOpenAISettings({ baseURL: 'http://127.0.0.1:8000/v1', environment: {} });
    expect(redactSecrets('token local-server-token-42 is not-needed')).toBe(
      'token [REDACTED] is not-needed',
    );
  });
});
