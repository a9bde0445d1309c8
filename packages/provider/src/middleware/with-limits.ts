import { APICallError } from '../errors/api-call-error.js';
import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { estimateRequestTokens } from './estimate-tokens.js';
import { modelIdentity } from './language-model-middleware.js';
import { type LimitOptions, ModelLimiter } from './model-limiter.js';

/**
 * Runs calls under a `ModelLimiter`: concurrency, requests per minute, tokens per minute, and a
 * concurrency that halves on 429. Pass a limiter instance to share budgets between models that
 * use the same account; pass options to get a limiter of this model's own.
 */
export function withLimits(
  model: LanguageModel,
  limits: LimitOptions | ModelLimiter,
): LanguageModel {
  const limiter = limits instanceof ModelLimiter ? limits : new ModelLimiter(limits);
  return {
    ...modelIdentity(model),
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const permit = await limiter.acquire(estimateRequestTokens(request), request.abortSignal);
      try {
        const result = await model.generate(request);
        permit.release({ usedTokens: result.usage.inputTokens + result.usage.outputTokens });
        return result;
      } catch (error) {
        permit.release({
          rateLimited: APICallError.isInstance(error) && error.statusCode === 429,
        });
        throw error;
      }
    },
  };
}
