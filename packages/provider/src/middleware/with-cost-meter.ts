import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { modelIdentity } from './language-model-middleware.js';
import type { UsageMeter } from './usage-meter.js';

/**
 * Counts every call in `meter` under the role named in `request.metadata.role`, and sets
 * `costUsd` on the result: the priced cost, 0 for a response-cache hit. A cost the provider
 * reported itself (`costUsd` already set) is kept.
 */
export function withCostMeter(model: LanguageModel, meter: UsageMeter): LanguageModel {
  return {
    ...modelIdentity(model),
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const result = await model.generate(request);
      const record = meter.record(
        request.metadata?.role,
        model.provider,
        model.modelId,
        result.usage,
        { cached: result.cached === true, reportedUsd: result.costUsd },
      );
      return { ...result, costUsd: record.usd };
    },
  };
}
