import { InvalidArgumentError, LoadSettingError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { createBuiltinProviders } from './builtin-providers.js';
import { resolveModel } from './resolve-model.js';

/** What `require()` throws when a provider package is not installed. */
function notInstalled(packageName: string): () => never {
  return () => {
    throw Object.assign(
      new Error(
        `Cannot find module '${packageName}'\nRequire stack:\n- /app/node_modules/@forge/sdk/dist/models/builtin-providers.js`,
      ),
      { code: 'MODULE_NOT_FOUND' },
    );
  };
}

describe('the built-in providers', () => {
  it('name the package to install when a provider package is missing', () => {
    const registry = createBuiltinProviders({ openai: notInstalled('@forge/provider-openai') });
    let error: unknown;
    try {
      resolveModel('openai:gpt-5.5', { registry, settings: { apiKey: 'sk-test' } });
    } catch (caught) {
      error = caught;
    }
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'provider "openai" needs @forge/provider-openai: install its tarball (pnpm pack:all in a Forge checkout prints the npm install line)',
    );
    // The other providers still load.
    expect(registry.languageModel('sim:task').provider).toBe('sim');
  });

  it("load a provider package on a model's creation, and check its settings then", () => {
    const registry = createBuiltinProviders();
    expect(registry.names()).toEqual(['anthropic', 'local', 'ollama', 'openai', 'sim']);
    const model = resolveModel('openai:gpt-5.5', {
      registry,
      settings: { apiKey: 'sk-test' },
      middleware: false,
    });
    expect([model.provider, model.modelId]).toEqual(['openai', 'gpt-5.5']);
    let error: unknown;
    try {
      resolveModel('anthropic:claude-test', { registry, environment: {} });
    } catch (caught) {
      error = caught;
    }
    expect(LoadSettingError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('ANTHROPIC_API_KEY');
    // A local model's file is checked when the model is made, before any call.
    expect(() => resolveModel('local:/nowhere/model.gguf', { registry })).toThrow(
      'local:/nowhere/model.gguf: no such file.',
    );
  });
});
