import type { LanguageModel, Usage } from '@forge/provider';
import { addUsage, emptyUsage } from '@forge/provider';
import { applyAssignment } from '../assignment/apply-assignment.js';
import type { AssignmentOutcome } from '../assignment/assignment-outcome.js';
import type { Observation } from '../observation/observation.js';
import type { FailureMemoryState } from '../state/failure-memory-state.js';
import { buildAssignerPrompt } from './assigner-prompt.js';

/** Options of `assignObservation`. */
export interface AssignObservationOptions {
  /** The assigner model (the optimizer model). */
  readonly model: LanguageModel;
  /** Memory before this observation. */
  readonly state: FailureMemoryState;
  /** The observation to file. */
  readonly observation: Observation;
  /** Output-token limit of the call. */
  readonly maxOutputTokens?: number;
  /** Cancels the call. */
  readonly abortSignal?: AbortSignal;
}

/** What one assignment call produced. */
export interface AssignObservationResult {
  /** Memory after the answer was applied (the input state plus a counter on a no-op). */
  readonly state: FailureMemoryState;
  /** What the answer did. */
  readonly outcome: AssignmentOutcome;
  /** The raw answer, to save: `applyAssignment` replays it exactly on resume. */
  readonly responseText: string;
  /** `length` when the answer was cut off at the token limit (save it with the answer). */
  readonly finishReason?: string;
  /** Token counts of the call. */
  readonly usage: Usage;
  /** Cost in USD, when the model reports it. */
  readonly costUsd?: number;
}

/**
 * Asks the assigner where one observation belongs and applies its answer (A.4, Figure 5).
 * A model-call failure rejects (the caller decides whether to retry); a malformed answer is not
 * an error but a counted no-op.
 */
export async function assignObservation(
  options: AssignObservationOptions,
): Promise<AssignObservationResult> {
  const prompt = buildAssignerPrompt(options.state, options.observation);
  const result = await options.model.generate({
    system: prompt.system,
    messages: [{ role: 'user', content: prompt.user }],
    maxOutputTokens: options.maxOutputTokens,
    abortSignal: options.abortSignal,
    metadata: { role: 'assign' },
  });
  const applied = applyAssignment(
    options.state,
    options.observation,
    result.text,
    result.finishReason,
  );
  return {
    state: applied.state,
    outcome: applied.outcome,
    responseText: result.text,
    ...(result.finishReason === 'length' ? { finishReason: result.finishReason } : {}),
    usage: result.usage,
    ...(result.costUsd === undefined ? {} : { costUsd: result.costUsd }),
  };
}

/** What `assignObservations` produced. */
export interface AssignObservationsResult {
  /** Memory after every observation was processed. */
  readonly state: FailureMemoryState;
  /** One entry per observation, in input order. */
  readonly assignments: readonly {
    readonly observationId: string;
    readonly outcome: AssignmentOutcome;
    readonly responseText: string;
    readonly finishReason?: string;
  }[];
  /** Token counts summed over all calls. */
  readonly usage: Usage;
  /** Summed cost in USD, when the model reports it. */
  readonly costUsd?: number;
}

/**
 * Files several observations one after another, in order (A.4: a later observation sees the
 * modes created or renamed by earlier ones). Stops at the first model-call failure.
 */
export async function assignObservations(options: {
  readonly model: LanguageModel;
  readonly state: FailureMemoryState;
  readonly observations: readonly Observation[];
  readonly maxOutputTokens?: number;
  readonly abortSignal?: AbortSignal;
  /** Called after each observation, e.g. to report progress. */
  readonly onAssigned?: (result: AssignObservationResult, observation: Observation) => void;
}): Promise<AssignObservationsResult> {
  let state = options.state;
  let usage = emptyUsage();
  let costUsd: number | undefined;
  const assignments: AssignObservationsResult['assignments'][number][] = [];
  for (const observation of options.observations) {
    const result = await assignObservation({
      model: options.model,
      state,
      observation,
      maxOutputTokens: options.maxOutputTokens,
      abortSignal: options.abortSignal,
    });
    state = result.state;
    usage = addUsage(usage, result.usage);
    if (result.costUsd !== undefined) costUsd = (costUsd ?? 0) + result.costUsd;
    assignments.push({
      observationId: observation.id,
      outcome: result.outcome,
      responseText: result.responseText,
      ...(result.finishReason === undefined ? {} : { finishReason: result.finishReason }),
    });
    options.onAssigned?.(result, observation);
  }
  return { state, assignments, usage, ...(costUsd === undefined ? {} : { costUsd }) };
}
