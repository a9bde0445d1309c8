import { createLimiter, evaluateMany, type MethodContext, optimizerAnswer } from '@forge/method';
import { readModelAnswer } from '@forge/program';
import { stepMetadata, withCallMetadata } from '@forge/provider';
import { type ExtractedInstruction, extractInstruction } from './extract-instruction.js';
import type { GepaEnvironment } from './gepa-environment.js';
import type { GepaSettings } from './gepa-settings.js';
import { bestCandidateIndex } from './gepa-state.js';
import { extractInstructionAsReference } from './reference-extract-instruction.js';
import { defaultReflectionTemplate, renderReflectionRequest } from './reflection-prompt.js';
import { renderReflectiveDataset } from './reflective-dataset.js';

/** The reflection answer's contract, in the words a warning shows. */
const reflectionContract = 'the new instruction inside one ``` fenced block';

/**
 * The effects a GEPA iteration uses, over a method context: program evaluations under the
 * context's concurrency (results by index, each reported as `evaluation-end`), reflection calls
 * tagged `role: 'reflect'`, and the contract's events.
 */
export function createGepaEnvironment(
  methodId: string,
  settings: GepaSettings,
  context: MethodContext,
  components: readonly string[],
  batchSize: number,
): GepaEnvironment {
  const limit = createLimiter(context.concurrency);
  const abort = context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal };
  const template = settings.reflectionPromptTemplate ?? defaultReflectionTemplate;
  const extract =
    settings.profile === 'reference' ? extractInstructionAsReference : extractInstruction;
  return {
    seed: context.seed,
    settings,
    batchSize,
    components,
    train: context.train,
    validation: context.validation,
    evaluate: (prompts, instances, target, iteration) =>
      evaluateMany({
        program: context.benchmark.program,
        evaluate: context.benchmark.evaluate,
        model: withCallMetadata(
          context.models.task,
          stepMetadata(iteration < 0 ? null : iteration, target),
        ),
        prompts,
        instances,
        limit,
        ...abort,
        onEvaluated: (evaluated) =>
          context.onEvent({
            type: 'evaluation-end',
            step: iteration < 0 ? null : iteration,
            target,
            instanceId: evaluated.instance.id,
            score: evaluated.evaluation.score,
          }),
      }),
    async reflect(request) {
      const user = renderReflectionRequest(template, {
        currentInstruction: request.currentText,
        sideInfo: renderReflectiveDataset(request.records),
      });
      const result = await context.models.optimizer('reflect').generate({
        messages: [{ role: 'user', content: user }],
        metadata: { role: 'reflect', ...stepMetadata(request.iteration) },
        ...abort,
      });
      // Paper profile: a cut-off or empty answer is never adopted, and a leading reasoning
      // block is set aside; the reference profile keeps the reference's extraction as it is.
      const answer =
        settings.profile === 'reference'
          ? undefined
          : readModelAnswer(result.text, result.finishReason);
      const extracted: ExtractedInstruction =
        answer === undefined
          ? extract(result.text)
          : answer.ok
            ? extract(answer.text)
            : { ok: false, reason: answer.reason };
      context.onEvent(
        optimizerAnswer({
          role: 'reflect',
          reason: extracted.ok ? undefined : extracted.reason,
          contract: reflectionContract,
          text: result.text,
        }),
      );
      return { extracted, result };
    },
    isAborted: () => context.abortSignal?.aborted === true,
    note: (kind, message, iteration, data) =>
      context.onEvent({
        type: 'method-note',
        method: methodId,
        kind,
        message,
        step: iteration,
        ...(data === undefined ? {} : { data }),
      }),
    validated(state, previousBest) {
      const index = state.candidates.length - 1;
      const candidate = state.candidates[index];
      const best = bestCandidateIndex(state);
      context.onEvent({
        type: 'candidate-validated',
        candidate: index,
        parent: candidate?.parents[0] ?? null,
        score: candidate?.validation ?? 0,
        improved: best === index && best !== previousBest,
        evaluationsUsed: state.evaluationsUsed,
      });
    },
  };
}
