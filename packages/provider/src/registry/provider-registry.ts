import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { parseModelString } from '../language-model/model-string.js';
import { guardProviderFactory } from './guard-provider-factory.js';
import type { ProviderFactory, ProviderFactoryOptions } from './provider-factory.js';

/**
 * Maps provider names (the part of a model string before the first `:`) to factories. A
 * registry may have a fallback registry: names not found here are looked up there, so a user's
 * registrations can override built-ins without changing them.
 */
export class ProviderRegistry {
  private readonly factories = new Map<string, ProviderFactory>();
  private readonly fallback: ProviderRegistry | undefined;

  constructor(options: { readonly fallback?: ProviderRegistry } = {}) {
    this.fallback = options.fallback;
  }

  /** Registers `factory` under `name`, replacing an earlier registration of the same name. */
  register(name: string, factory: ProviderFactory): this {
    if (!/^[a-z][a-z0-9_-]*$/i.test(name)) {
      throw new InvalidArgumentError({
        argument: 'name',
        message: `provider name ${JSON.stringify(name)} must start with a letter and contain only letters, digits, "_" or "-"`,
      });
    }
    this.factories.set(name, factory);
    return this;
  }

  /** Removes a registration made here (not in the fallback). Returns whether there was one. */
  unregister(name: string): boolean {
    return this.factories.delete(name);
  }

  /** The factory registered under `name`, here or in the fallback. */
  factory(name: string): ProviderFactory | undefined {
    return this.factories.get(name) ?? this.fallback?.factory(name);
  }

  /** Every registered name, here and in the fallback, sorted. */
  names(): string[] {
    const names = new Set([...this.factories.keys(), ...(this.fallback?.names() ?? [])]);
    return [...names].sort();
  }

  /**
   * Builds the model named by `modelString` (`provider:model`).
   *
   * @throws InvalidArgumentError for a malformed string or an unknown provider (the message lists
   * the known ones), and whatever the factory throws for bad settings.
   */
  languageModel(
    modelString: string,
    options: ProviderFactoryOptions & { readonly argument?: string } = {},
  ): LanguageModel {
    const argument = options.argument ?? 'model';
    const reference = parseModelString(modelString, argument);
    const factory = this.factory(reference.provider);
    if (factory === undefined) {
      const known = this.names();
      throw new InvalidArgumentError({
        argument,
        message: `${argument}: unknown provider ${JSON.stringify(reference.provider)} in ${JSON.stringify(modelString)}; known providers: ${known.length === 0 ? '(none registered)' : known.join(', ')}. Register your own with registerProvider(name, factory).`,
      });
    }
    return factory(reference.modelId, {
      settings: options.settings,
      environment: options.environment,
    });
  }
}

/** The process-wide registry that `registerProvider` adds to. */
export const defaultProviderRegistry = new ProviderRegistry();

/**
 * Registers a provider factory in the default registry. Whatever the factory or its models throw
 * that is not a Forge error reaches Forge as an `APICallError` naming the provider: retried when
 * it is network-shaped or carries `isRetryable: true`, reported as the provider's failure
 * otherwise (see `guardProviderFactory`).
 */
export function registerProvider(name: string, factory: ProviderFactory): void {
  defaultProviderRegistry.register(name, guardProviderFactory(factory, { name }));
}

/** Removes a provider from the default registry. */
export function unregisterProvider(name: string): boolean {
  return defaultProviderRegistry.unregister(name);
}
