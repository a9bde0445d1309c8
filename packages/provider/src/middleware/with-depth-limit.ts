import { checkResponseDepth } from '../errors/too-deep-response-error.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { modelIdentity } from './language-model-middleware.js';

/**
 * Refuses an answer nested more than `maxResponseDepth` levels deep (a tool call's input, a
 * custom provider's result) with a non-retryable `APICallError` of kind `invalid-response`,
 * before the cache, the recorder or the run's database walk it: model output is data, and data
 * that deep would exhaust the stack of whatever stores it. The adapters check the bodies they
 * read the same way; this layer covers every model, a custom provider's included.
 */
export function withDepthLimit(model: LanguageModel): LanguageModel {
  const origin = { provider: model.provider, modelId: model.modelId, source: 'the model' };
  return {
    ...modelIdentity(model),
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      return checkResponseDepth(await model.generate(request), origin);
    },
  };
}
