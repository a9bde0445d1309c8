import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { providerFailure } from '../errors/provider-failure.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { modelIdentity } from '../middleware/language-model-middleware.js';
import type { ProviderFactory } from './provider-factory.js';

/** Names a provider that is not Forge's own, for `guardProviderFactory`. */
export interface ProviderGuardOptions {
  /** The provider's name as registered. */
  readonly name: string;
  /** Who implemented it, for messages, e.g. `module ./my-provider.mjs`. Default `provider "<name>"`. */
  readonly source?: string;
}

/**
 * Wraps a user-supplied provider factory so that whatever its code throws — while creating a
 * model or during a call — reaches Forge as an `APICallError` naming the provider (see
 * `providerFailure`): retried when it is network-shaped or marked `isRetryable`, reported as
 * the provider's failure otherwise. A factory that returns something other than a
 * `LanguageModel` fails at once with an `InvalidArgumentError` naming the provider.
 */
export function guardProviderFactory(
  factory: ProviderFactory,
  options: ProviderGuardOptions,
): ProviderFactory {
  const who = options.source ?? `provider "${options.name}"`;
  return (modelId, factoryOptions) => {
    let model: unknown;
    try {
      model = factory(modelId, factoryOptions);
    } catch (error) {
      throw providerFailure(error, {
        provider: options.name,
        modelId,
        operation: 'create',
        ...(options.source === undefined ? {} : { source: options.source }),
      });
    }
    if (!isLanguageModel(model)) {
      throw new InvalidArgumentError({
        argument: options.name,
        message: `${who}: the factory must return a LanguageModel (specificationVersion "v1", provider, modelId, generate) for "${options.name}:${modelId}"`,
      });
    }
    return guardProviderModel(model, options);
  };
}

/** Wraps one model of a user-supplied provider the way `guardProviderFactory` does. */
export function guardProviderModel(
  model: LanguageModel,
  options: ProviderGuardOptions,
): LanguageModel {
  return {
    ...modelIdentity(model),
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      try {
        return await model.generate(request);
      } catch (error) {
        throw providerFailure(error, {
          provider: options.name,
          modelId: model.modelId,
          signal: request.abortSignal,
          ...(options.source === undefined ? {} : { source: options.source }),
        });
      }
    },
  };
}

function isLanguageModel(value: unknown): value is LanguageModel {
  const candidate = value as Partial<LanguageModel> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.specificationVersion === 'v1' &&
    typeof candidate.generate === 'function' &&
    typeof candidate.provider === 'string' &&
    typeof candidate.modelId === 'string'
  );
}
