import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { type CallRecorder, type RecordedRequest, recordError } from './call-recorder.js';
import { type Clock, systemClock } from './clock.js';
import { modelIdentity } from './language-model-middleware.js';

/**
 * Hands every call — request without its abort signal, result or redacted error, timing, role
 * and sample index — to `recorder`. The call's outcome is passed on unchanged.
 */
export function withRecorder(
  model: LanguageModel,
  recorder: CallRecorder,
  options: { readonly clock?: Clock } = {},
): LanguageModel {
  const clock = options.clock ?? systemClock;
  let sequence = 0;
  return {
    ...modelIdentity(model),
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const { abortSignal: _abortSignal, ...recorded } = request;
      const base = {
        sequence: sequence++,
        provider: model.provider,
        modelId: model.modelId,
        ...(request.metadata?.role === undefined ? {} : { role: request.metadata.role }),
        sampleIndex: request.metadata?.sampleIndex ?? 0,
        request: recorded as RecordedRequest,
        startedAt: clock.now(),
      };
      let result: GenerateResult;
      try {
        result = await model.generate(request);
      } catch (error) {
        await recorder.record({
          ...base,
          error: recordError(error),
          durationMs: clock.now() - base.startedAt,
        });
        throw error;
      }
      await recorder.record({ ...base, result, durationMs: clock.now() - base.startedAt });
      return result;
    },
  };
}
