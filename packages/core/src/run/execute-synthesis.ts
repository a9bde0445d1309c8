import { activeModes } from '@forge/memory';
import type { Instance } from '@forge/program';
import { withCallMetadata } from '@forge/provider';
import type { SynthesisCompletedAction } from '../state/search-action.js';
import type { SearchState } from '../state/search-state.js';
import { contractExample } from '../warnings/contract-warnings.js';
import type { StepContext } from './execute-step.js';
import type { SynthesisOptions } from './synthesis-options.js';

/** SPEC §3 step 7: P completed steps without a best-validation gain, and events remain. */
export function shouldSynthesize(
  state: SearchState,
  synthesis: SynthesisOptions | undefined,
): boolean {
  return (
    synthesis !== undefined &&
    state.stepsSinceImprovement >= synthesis.patience &&
    state.synthesisEvents < synthesis.epochs
  );
}

/**
 * Runs one synthesis event (Algorithm 3) on the active failure modes (or, for random synthesis,
 * on random training instances) and returns the action that records it.
 */
export async function executeSynthesis(
  context: StepContext,
  state: SearchState,
  synthesis: SynthesisOptions,
  training: readonly Instance[],
): Promise<SynthesisCompletedAction> {
  // Imported here: a run without synthesis, or a process that only reads runs, never needs it.
  const { planSynthesisEvent, runSynthesisEvent } = await import('@forge/synth');
  const { options } = context;
  const event = state.synthesisEvents;
  const modes = activeModes(state.memory);
  const slots = planSynthesisEvent({
    event,
    attempts: synthesis.attempts,
    modes,
    source: synthesis.variant === 'random-synthesis' ? 'random' : 'failure-modes',
    intents: synthesis.variant === 'failure-memory' ? 'generic' : 'cycle',
    trainingInstances: training,
    seed: context.seed,
  });
  context.emit({
    type: 'synthesis-start',
    event,
    step: state.step,
    attempts: slots.length,
    modes: modes.map((mode) => ({
      id: mode.id,
      name: mode.name,
      support: mode.observations.length,
      attempts: slots.filter((slot) => slot.modeId === mode.id).length,
    })),
  });
  // The event's calls belong to the step that runs after it (the index it carries).
  const generatorModel = withCallMetadata(synthesis.models?.generate ?? options.optimizerModel, {
    step: state.step,
  });
  const result = await runSynthesisEvent({
    event,
    slots,
    generatorModel,
    verifierModel:
      synthesis.models?.verify === undefined
        ? generatorModel
        : withCallMetadata(synthesis.models.verify, { step: state.step }),
    signature: synthesis.signature,
    tools: synthesis.tools,
    existingInstances: training,
    holdout: synthesis.holdout,
    guards: synthesis.guards,
    concurrency: synthesis.concurrency,
    maxSteps: synthesis.maxAgentSteps,
    journal: synthesis.journal,
    abortSignal: options.abortSignal,
    onAttemptEnd: (record, info) =>
      context.emit({
        type: 'attempt-end',
        event,
        slot: record.slot,
        outcome: record.outcome,
        reason: record.reason,
        reasonCode: record.reasonCode,
        intent: record.intent,
        ...(record.modeName === undefined ? {} : { modeName: record.modeName }),
        fromJournal: info.fromJournal,
        ...(record.outcome === 'generation-failed'
          ? { excerpt: contractExample(record.generatorResponseText) }
          : record.outcome === 'verification-failed'
            ? { excerpt: contractExample(record.verifierResponseText ?? '') }
            : {}),
      }),
  });
  context.emit({
    type: 'synthesis-end',
    event,
    attempts: result.accounting.attempts,
    admitted: result.admitted.length,
    outcomes: result.accounting.outcomes,
    trainingSize: state.trainingIds.length + result.admitted.length,
  });
  return {
    type: 'synthesis-completed',
    event,
    admitted: result.admitted,
    attempts: result.attempts,
    accounting: result.accounting,
  };
}
