import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { ollamaProviderFactory } from './create-ollama.js';
import { resolveOllamaSettings } from './ollama-settings.js';

describe('Ollama settings', () => {
  it('defaults to the local server and needs no key', () => {
    expect(resolveOllamaSettings({ environment: {} }).host).toBe('http://127.0.0.1:11434');
    expect(ollamaProviderFactory('qwen3:8b', { environment: {} })).toMatchObject({
      provider: 'ollama',
      modelId: 'qwen3:8b',
    });
  });

  it('reads OLLAMA_HOST in the forms people write it', () => {
    const host = (value: string) =>
      resolveOllamaSettings({ environment: { OLLAMA_HOST: value } }).host;
    expect(host('0.0.0.0:11434')).toBe('http://127.0.0.1:11434');
    expect(host('gpu-box')).toBe('http://gpu-box:11434');
    expect(host('http://gpu-box:8080/')).toBe('http://gpu-box:8080');
    expect(host('https://ollama.example.org')).toBe('https://ollama.example.org');
    expect(
      resolveOllamaSettings({ host: 'http://a:1', environment: { OLLAMA_HOST: 'b' } }).host,
    ).toBe('http://a:1');
  });

  it('names the bad field of invalid settings and provider options', async () => {
    expect(() => resolveOllamaSettings({ host: '' })).toThrow('host');
    const withQuery = () =>
      resolveOllamaSettings({ environment: { OLLAMA_HOST: 'gpu-box?key=q-secret-000111' } });
    expect(withQuery).toThrow(
      'Ollama settings → host: http://gpu-box:11434 has a query or fragment, which the ollama client never sends',
    );
    expect(withQuery).not.toThrow(/q-secret-000111/);
    expect(() => resolveOllamaSettings({ host: 'http://gpu-box:8080/#x' })).toThrow(
      'has a query or fragment',
    );
    await expect(
      ollamaProviderFactory('m', { environment: {} }).generate({
        messages: [],
        providerOptions: { ollama: { think: 'maximum' } },
      }),
    ).rejects.toThrow(InvalidArgumentError);
  });
});
