import { createRequire } from 'node:module';
import { type ProviderFactory, ProviderRegistry } from '@forge/provider';
import { requireOptional } from '../optional/optional-package.js';

/** Loads a built-in provider's factory from its package, synchronously. */
export type ProviderFactoryLoader = () => ProviderFactory;

// The provider packages are optional peer dependencies, loaded on a model's creation. They are
// required, not imported: `resolveModel` is synchronous and checks settings (a missing API key)
// before any call, so the factory must be at hand then. Node >= 20.19 requires ES modules
// without top-level await, and the packages import their vendor SDKs only at the first call,
// so this loads little.
const require = createRequire(import.meta.url);

const defaultLoaders: Readonly<Record<string, ProviderFactoryLoader>> = {
  openai: () =>
    (require('@forge/provider-openai') as typeof import('@forge/provider-openai'))
      .openAIProviderFactory,
  anthropic: () =>
    (require('@forge/provider-anthropic') as typeof import('@forge/provider-anthropic'))
      .anthropicProviderFactory,
  ollama: () =>
    (require('@forge/provider-ollama') as typeof import('@forge/provider-ollama'))
      .ollamaProviderFactory,
  local: () =>
    (require('@forge/provider-llama-cpp') as typeof import('@forge/provider-llama-cpp'))
      .localProviderFactory,
  sim: () => (require('@forge/sim') as typeof import('@forge/sim')).simProviderFactory,
};

const packageNames: Readonly<Record<string, string>> = {
  openai: '@forge/provider-openai',
  anthropic: '@forge/provider-anthropic',
  ollama: '@forge/provider-ollama',
  local: '@forge/provider-llama-cpp',
  sim: '@forge/sim',
};

/**
 * A registry of the built-in providers whose factories load their packages when a model is first
 * created; a package that is not installed fails with `provider "<name>" needs <package>: npm
 * install <package>` (an `InvalidArgumentError`, exit 2 in the CLI). `loaders` replaces the
 * loading of some of them (tests).
 */
export function createBuiltinProviders(
  loaders: Readonly<Record<string, ProviderFactoryLoader>> = {},
): ProviderRegistry {
  const registry = new ProviderRegistry();
  for (const [name, packageName] of Object.entries(packageNames)) {
    const load = loaders[name] ?? defaultLoaders[name]!;
    let factory: ProviderFactory | undefined;
    registry.register(name, (modelId, options) => {
      factory ??= requireOptional(
        { purpose: `provider "${name}"`, packageName, argument: 'model' },
        load,
      );
      return factory(modelId, options);
    });
  }
  return registry;
}

/**
 * The providers that ship with Forge: `openai` (and OpenAI-compatible servers through
 * `baseURL`), `anthropic`, `ollama` and `local` (a GGUF file run in process by llama.cpp:
 * `local:./model.gguf`, with node-llama-cpp installed) — plus `sim`, the offline simulated models, which a run
 * uses only when its model strings say `sim:task` or `sim:optimizer`. Each lives in its own
 * package (`@forge/provider-openai`, `@forge/provider-anthropic`, `@forge/provider-ollama`,
 * `@forge/provider-llama-cpp`, `@forge/sim`), loaded when one of its models is first created. A separate registry, so the
 * user's registrations in the default registry can override a built-in name without changing it.
 */
export const builtinProviders = createBuiltinProviders();
