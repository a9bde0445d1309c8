import {
  activeModes,
  assignObservations,
  createFailureMemory,
  type FailureMemoryState,
  type Observation,
} from '@forge/memory';
import type { Instance, Signature } from '@forge/program';
import {
  type AgentTool,
  emptyUsage,
  formatModelString,
  InvalidArgumentError,
  type LanguageModel,
  type Usage,
} from '@forge/provider';
import type { SynthesisGuardOptions } from '../guards/guard-options.js';
import {
  type IntentPolicy,
  planSynthesisEvent,
  type SynthesisSource,
} from '../plan/plan-synthesis-event.js';
import type { SynthesisMode } from '../plan/synthesis-slot.js';
import type { AttemptRecord } from '../run/attempt-record.js';
import { runSynthesisEvent } from '../run/run-synthesis-event.js';
import type { SynthesisJournal } from '../run/synthesis-journal.js';
import { buildSynthesisReport, type SynthesisReport } from './synthesis-report.js';

/** Options of `synthesize`. */
export interface SynthesizeOptions {
  /** The generator model; also the verifier and assigner unless those are given. */
  readonly model: LanguageModel;
  /** The verifier model. A different model avoids self-preference. Default `model`. */
  readonly verifierModel?: LanguageModel;
  /** The model that files `failures` into failure modes (the assigner). Default `model`. */
  readonly assignerModel?: LanguageModel;
  /** The task signature every example must fit. */
  readonly signature: Signature;
  /** Failed runs the assigner first files into failure modes (in order), e.g. from `readFailures`. */
  readonly failures?: readonly Observation[];
  /** Ready failure modes (e.g. from a saved memory); instead of `failures`. */
  readonly failureModes?: readonly SynthesisMode[];
  /** Seed source: failure modes (default) or random training instances (ablation). */
  readonly source?: SynthesisSource;
  /** Training instances: drawn from for `source: 'random'`, and part of D for the duplicate guard. */
  readonly trainingInstances?: readonly Instance[];
  /** Other instances new examples must not duplicate. */
  readonly existingInstances?: readonly Instance[];
  /** Evaluation instances (validation, test) no example may reproduce. */
  readonly holdout?: readonly Instance[];
  /** K: generation attempts. */
  readonly attempts: number;
  /** Seed of every random draw. */
  readonly seed: number | string;
  /** The four intents in cycle (default) or one generic intent. */
  readonly intents?: IntentPolicy;
  /** Tools for the generator and verifier agents. */
  readonly tools?: readonly AgentTool[];
  /** Guard settings. */
  readonly guards?: SynthesisGuardOptions;
  /** Agent runs in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Maximum model calls per agent run. Default 8. */
  readonly maxSteps?: number;
  /** Output-token limit per model call. */
  readonly maxOutputTokens?: number;
  /** Journal of finished attempts, for resuming an interrupted run. */
  readonly journal?: SynthesisJournal;
  /** Event number (ids `syn-<event>-<slot>`). Default 0. */
  readonly event?: number;
  /** Called once per finished attempt. */
  readonly onAttemptEnd?: (record: AttemptRecord, info: { readonly fromJournal: boolean }) => void;
  /** Cancels the run. */
  readonly abortSignal?: AbortSignal;
}

/** What `synthesize` returns. */
export interface SynthesizeResult {
  /** Admitted instances, with provenance in `metadata`. */
  readonly admitted: readonly Instance[];
  /** Every attempt that was not admitted, with its outcome and reason (candidate included when there was one). */
  readonly rejected: readonly AttemptRecord[];
  /** Every attempt, in slot order. */
  readonly attempts: readonly AttemptRecord[];
  /** Totals per outcome, mode and intent; usage and cost. */
  readonly report: SynthesisReport;
  /** The failure modes synthesis targeted. */
  readonly modes: readonly SynthesisMode[];
  /** The memory built from `failures`, when they were given. */
  readonly memory?: FailureMemoryState;
}

/**
 * Failure-guided data generation without the optimization loop: file failures into failure modes
 * (or take ready modes), split K attempts over them, generate with the four mutation intents,
 * guard, verify and admit — the same path a Forge run takes at a synthesis event.
 *
 * @throws InvalidArgumentError when the options do not fit together.
 */
export async function synthesize(options: SynthesizeOptions): Promise<SynthesizeResult> {
  const source = options.source ?? 'failure-modes';
  checkOptions(options, source);
  const verifierModel = options.verifierModel ?? options.model;
  const assignerModel = options.assignerModel ?? options.model;

  let modes: readonly SynthesisMode[] = options.failureModes ?? [];
  let memory: FailureMemoryState | undefined;
  let assignUsage: Usage = emptyUsage();
  let assignCostUsd: number | undefined;
  if (source === 'failure-modes' && options.failures !== undefined) {
    const assigned = await assignObservations({
      model: assignerModel,
      state: createFailureMemory(),
      observations: options.failures,
      maxOutputTokens: options.maxOutputTokens,
      abortSignal: options.abortSignal,
    });
    memory = assigned.state;
    modes = activeModes(memory);
    assignUsage = assigned.usage;
    assignCostUsd = assigned.costUsd;
  }

  const event = options.event ?? 0;
  const slots = planSynthesisEvent({
    event,
    attempts: options.attempts,
    modes: source === 'random' ? [] : modes,
    source,
    intents: options.intents,
    trainingInstances: options.trainingInstances,
    seed: options.seed,
  });
  const result = await runSynthesisEvent({
    event,
    slots,
    generatorModel: options.model,
    verifierModel,
    signature: options.signature,
    tools: options.tools,
    existingInstances: [...(options.trainingInstances ?? []), ...(options.existingInstances ?? [])],
    holdout: options.holdout,
    guards: options.guards,
    concurrency: options.concurrency,
    maxSteps: options.maxSteps,
    maxOutputTokens: options.maxOutputTokens,
    journal: options.journal,
    onAttemptEnd: options.onAttemptEnd,
    abortSignal: options.abortSignal,
  });
  const report = buildSynthesisReport({
    result,
    modes: source === 'random' ? [] : modes,
    assignUsage,
    assignCostUsd,
    memory,
    models: {
      generator: formatModelString(options.model),
      verifier: formatModelString(verifierModel),
      ...(memory === undefined ? {} : { assigner: formatModelString(assignerModel) }),
    },
  });
  return {
    admitted: result.admitted,
    rejected: result.attempts.filter((record) => record.outcome !== 'admitted'),
    attempts: result.attempts,
    report,
    modes,
    ...(memory === undefined ? {} : { memory }),
  };
}

function checkOptions(options: SynthesizeOptions, source: SynthesisSource): void {
  const invalid = (argument: string, message: string) =>
    new InvalidArgumentError({ argument, message: `${argument}: ${message}` });
  if (!Number.isInteger(options.attempts) || options.attempts < 0) {
    throw invalid('attempts', `expected a non-negative integer, got ${options.attempts}`);
  }
  if (source === 'random') {
    if ((options.trainingInstances?.length ?? 0) === 0) {
      throw invalid(
        'trainingInstances',
        'random synthesis draws from training instances; give at least one',
      );
    }
    return;
  }
  if ((options.failures === undefined) === (options.failureModes === undefined)) {
    throw invalid(
      'failures',
      'give either failures (to file into failure modes) or failureModes, not both and not neither',
    );
  }
  for (const [index, mode] of (options.failureModes ?? []).entries()) {
    if (mode.observations.length === 0) {
      throw invalid(
        `failureModes[${index}]`,
        `mode ${JSON.stringify(mode.name)} has no observation to draw a seed from`,
      );
    }
  }
  const ids = new Set<string>();
  for (const mode of options.failureModes ?? []) {
    if (ids.has(mode.id))
      throw invalid('failureModes', `mode id ${JSON.stringify(mode.id)} is used twice`);
    ids.add(mode.id);
  }
}
