import type { LanguageModel } from '../language-model/language-model.js';

/** Takes a model and returns a model that does more around each call. */
export type LanguageModelMiddleware = (model: LanguageModel) => LanguageModel;

/**
 * Applies middleware to a model. The first middleware is the outermost layer: it sees each call
 * first and its result last. `wrapLanguageModel(model, a, b)` is `a(b(model))`.
 */
export function wrapLanguageModel(
  model: LanguageModel,
  ...middlewares: readonly LanguageModelMiddleware[]
): LanguageModel {
  return middlewares.reduceRight((wrapped, middleware) => middleware(wrapped), model);
}

/**
 * The identity fields every wrapper copies from the model it wraps, so model strings, cache keys
 * and price lookups see the real provider and model id through any number of layers.
 */
export function modelIdentity(
  model: LanguageModel,
): Pick<LanguageModel, 'specificationVersion' | 'provider' | 'modelId'> {
  return {
    specificationVersion: 'v1',
    provider: model.provider,
    modelId: model.modelId,
  };
}
