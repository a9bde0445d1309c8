import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { MockLanguageModel } from '../testing/mock-language-model.js';
import { ProviderRegistry } from './provider-registry.js';

describe('ProviderRegistry', () => {
  it('builds a model from a model string, splitting on the first colon', () => {
    const seen: unknown[] = [];
    const registry = new ProviderRegistry().register('local', (modelId, options) => {
      seen.push([modelId, options.settings]);
      return new MockLanguageModel({ provider: 'local', modelId });
    });
    const model = registry.languageModel('local:qwen3:8b', { settings: { host: 'h' } });
    expect(model.modelId).toBe('qwen3:8b');
    expect(seen).toEqual([['qwen3:8b', { host: 'h' }]]);
  });

  it('names the known providers when the provider is unknown', () => {
    const registry = new ProviderRegistry().register('b', () => new MockLanguageModel());
    registry.register('a', () => new MockLanguageModel());
    let caught: unknown;
    try {
      registry.languageModel('nope:model', { argument: 'taskModel' });
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
    expect((caught as InvalidArgumentError).argument).toBe('taskModel');
    expect((caught as Error).message).toContain('unknown provider "nope"');
    expect((caught as Error).message).toContain('known providers: a, b');
  });

  it('looks names up here first, then in the fallback', () => {
    const builtins = new ProviderRegistry().register(
      'openai',
      () => new MockLanguageModel({ modelId: 'builtin' }),
    );
    builtins.register('ollama', () => new MockLanguageModel({ modelId: 'builtin' }));
    const user = new ProviderRegistry({ fallback: builtins }).register(
      'openai',
      () => new MockLanguageModel({ modelId: 'override' }),
    );
    expect(user.languageModel('openai:x').modelId).toBe('override');
    expect(user.languageModel('ollama:x').modelId).toBe('builtin');
    expect(user.names()).toEqual(['ollama', 'openai']);
    expect(user.unregister('openai')).toBe(true);
    expect(user.languageModel('openai:x').modelId).toBe('builtin');
  });

  it('rejects provider names that could not appear in a model string', () => {
    expect(() =>
      new ProviderRegistry().register('my provider', () => new MockLanguageModel()),
    ).toThrow(InvalidArgumentError);
  });
});
