import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { modelIdentity } from './language-model-middleware.js';

/**
 * A task model that sends the calls of some program modules to models of their own: a call whose
 * `metadata.module` names one of `modules` goes to that model, every other call to `model` (whose
 * identity the result reports). Each model keeps its own middleware (cache, records, limits,
 * cost), so the calls of each are cached, recorded and priced as that model's; a result from a
 * module's own model names it in `routedTo` (what a program's call history records). With no
 * modules it returns `model` itself.
 */
export function withModuleModels(
  model: LanguageModel,
  modules: Readonly<Record<string, LanguageModel>>,
): LanguageModel {
  if (Object.keys(modules).length === 0) return model;
  return {
    ...modelIdentity(model),
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const module = request.metadata?.module;
      const own =
        module !== undefined && Object.hasOwn(modules, module) ? modules[module] : undefined;
      if (own === undefined) return model.generate(request);
      // The router carries the task model's identity: the result says which model answered.
      const result = await own.generate(request);
      return { ...result, routedTo: `${own.provider}:${own.modelId}` };
    },
  };
}
