import type { CallMetadata, GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { modelIdentity } from './language-model-middleware.js';

/**
 * A model that adds `metadata` to every call's metadata (the call's own fields win), so a method
 * can say which step or evaluation its calls belong to without threading it through every
 * function that calls the model — a program run included, whatever metadata it passes on. A
 * function is read at each call (a method that keeps its step in a variable).
 */
export function withCallMetadata(
  model: LanguageModel,
  metadata: CallMetadata | (() => CallMetadata),
): LanguageModel {
  return {
    ...modelIdentity(model),
    generate(request: GenerateRequest): Promise<GenerateResult> {
      const added = typeof metadata === 'function' ? metadata() : metadata;
      return model.generate({ ...request, metadata: { ...added, ...request.metadata } });
    },
  };
}

/** The step and target of a call, as metadata (nothing for a step of `null` or `undefined`). */
export function stepMetadata(
  step: number | null | undefined,
  target?: string | undefined,
): CallMetadata {
  return {
    ...(step === null || step === undefined ? {} : { step }),
    ...(target === undefined ? {} : { target }),
  };
}
