import { isAbsolute, resolve } from 'node:path';
import {
  defaultProviderRegistry,
  guardProviderFactory,
  InvalidArgumentError,
  type LanguageModel,
  type ProviderFactory,
  type ProviderRegistry,
} from '@forge/provider';
import { importUserModule } from '../inputs/import-user-module.js';

/**
 * Registers a provider implemented in a module file, for configs and the command line
 * (`--provider mine=./my-provider.ts`; `.ts`, `.mts`, `.js` and `.mjs` files load alike). The module's default export (or its `provider` export)
 * must be a `ProviderFactory` — `(modelId, options) => LanguageModel` — or a `LanguageModel`
 * object, which is then used for every model id. Relative paths are resolved from `cwd`.
 * Whatever the module's code throws that is not a Forge error becomes an `APICallError` naming
 * the provider and the module (retried when network-shaped or marked `isRetryable: true`), so the
 * CLI reports it as the provider's failure (exit 3), not as a bug in Forge.
 *
 * @throws InvalidArgumentError naming the path when the module cannot be loaded or exports
 * neither.
 */
export async function registerProviderModule(
  name: string,
  modulePath: string,
  options: { readonly registry?: ProviderRegistry; readonly cwd?: string } = {},
): Promise<void> {
  const absolute = isAbsolute(modulePath)
    ? modulePath
    : resolve(options.cwd ?? process.cwd(), modulePath);
  let loaded: { readonly default?: unknown; readonly provider?: unknown };
  try {
    loaded = await importUserModule(absolute, {
      purpose: `TypeScript provider module ${modulePath}`,
      argument: modulePath,
    });
  } catch (error) {
    throw new InvalidArgumentError({
      argument: modulePath,
      message: `provider module ${modulePath}: could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  const exported = loaded.default ?? loaded.provider;
  const registry = options.registry ?? defaultProviderRegistry;
  const guard = { name, source: `provider module ${modulePath}` };
  if (typeof exported === 'function') {
    registry.register(name, guardProviderFactory(exported as ProviderFactory, guard));
    return;
  }
  if (isLanguageModel(exported)) {
    registry.register(
      name,
      guardProviderFactory(() => exported, guard),
    );
    return;
  }
  throw new InvalidArgumentError({
    argument: modulePath,
    message: `provider module ${modulePath}: its default (or \`provider\`) export must be a function (modelId, options) => LanguageModel or a LanguageModel object`,
  });
}

function isLanguageModel(value: unknown): value is LanguageModel {
  const candidate = value as Partial<LanguageModel> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.specificationVersion === 'v1' &&
    typeof candidate.generate === 'function'
  );
}
