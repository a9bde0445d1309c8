import {
  type CheckpointRecord,
  evaluateMany,
  type MethodCandidate,
  type MethodContext,
  type MethodEvent,
  type RoleUsage,
} from '@forge/method';
import type { EvaluatedExecution, Instance } from '@forge/program';
import { type GenerateRequest, stepMetadata, withCallMetadata } from '@forge/provider';
import type { MiproState } from '../mipro-state.js';
import type { MiproSettings } from '../settings/mipro-settings.js';

/**
 * What every stage of a run shares: the context, the settings, the current state, and the
 * effects (task evaluations, optimizer calls, saves, events) with the bookkeeping they need.
 * Stages compute the next state from the current one and what the effects returned, then
 * `commit` it; nothing reaches the saved state between two commits.
 */
export interface MiproRun {
  /** What the host gave the run. */
  readonly context: MethodContext;
  /** The parsed settings. */
  readonly settings: MiproSettings;
  /** Module names in declaration order. */
  readonly modules: readonly string[];
  /** The validation instances the search scores on. */
  readonly validation: readonly Instance[];
  /** The current (last committed) state. */
  state: MiproState;
  /** Runs a candidate on instances; returns the evaluations and the task usage they add. */
  evaluate(
    candidate: MethodCandidate,
    instances: readonly Instance[],
    options: {
      readonly target: string;
      readonly step: number | null;
      readonly record?: boolean;
      /** Run the program with the `teacher` role's model (bootstrapping with `teacher: model`). */
      readonly teacher?: boolean;
    },
  ): Promise<{ evaluated: EvaluatedExecution[]; usage: Readonly<Record<string, RoleUsage>> }>;
  /** Calls the optimizer model (role `propose`); returns its text and the usage it adds. */
  propose(request: GenerateRequest): Promise<{
    text: string;
    /** Why the answer ended (`length`: cut off at the token limit). */
    finishReason: string;
    usage: Readonly<Record<string, RoleUsage>>;
  }>;
  /** Saves a new state with report records, atomically, and makes it current. */
  commit(next: MiproState, records?: readonly CheckpointRecord[]): Promise<void>;
  /** Emits an event of the method contract (`optimizer-answer`, …). */
  emit(event: MethodEvent): void;
  /** Emits a `method-note`. */
  note(
    kind: string,
    message: string,
    data?: Readonly<Record<string, unknown>>,
    step?: number,
  ): void;
  /** Why the run must stop before its next unit of work, if it must. */
  stopRequested(): string | undefined;
}

/** Usage totals with `addition` added, role by role. */
export function addUsage(
  usage: Readonly<Record<string, RoleUsage>>,
  addition: Readonly<Record<string, RoleUsage>>,
): Record<string, RoleUsage> {
  const total: Record<string, RoleUsage> = { ...usage };
  for (const [role, entry] of Object.entries(addition)) {
    const current = total[role] ?? { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };
    total[role] = {
      calls: current.calls + entry.calls,
      inputTokens: current.inputTokens + entry.inputTokens,
      outputTokens: current.outputTokens + entry.outputTokens,
      costUsd: current.costUsd + entry.costUsd,
    };
  }
  return total;
}

/** Creates the shared part of a run. */
export function createMiproRun(options: {
  /** What the host gave the run. */
  readonly context: MethodContext;
  /** The parsed settings. */
  readonly settings: MiproSettings;
  /** The state to start from (fresh, or loaded from the checkpoints). */
  readonly state: MiproState;
  /** The validation instances the search scores on. */
  readonly validation: readonly Instance[];
  /** The concurrency limit every task evaluation goes through. */
  readonly limit: <T>(task: () => Promise<T>) => Promise<T>;
  /** When this invocation started (the context's clock), for the wall-time limit. */
  readonly startedAt: number;
}): MiproRun {
  const { context, settings } = options;
  const program = context.benchmark.program;
  const run: MiproRun = {
    context,
    settings,
    modules: program.modules.map((module) => module.name),
    validation: options.validation,
    state: options.state,
    async evaluate(candidate, instances, evaluation) {
      const evaluated = await evaluateMany({
        program,
        evaluate: context.benchmark.evaluate,
        ...(evaluation.teacher === true
          ? {
              model: withCallMetadata(
                context.models.optimizer('teacher'),
                stepMetadata(evaluation.step, evaluation.target),
              ),
              role: 'teacher',
            }
          : {
              model: withCallMetadata(
                context.models.task,
                stepMetadata(evaluation.step, evaluation.target),
              ),
            }),
        prompts: candidate.prompts,
        ...(candidate.demos === undefined ? {} : { demos: candidate.demos }),
        ...(evaluation.record === true ? { recordDemonstrations: true } : {}),
        instances,
        limit: options.limit,
        ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
        onEvaluated: (result) =>
          context.onEvent({
            type: 'evaluation-end',
            step: evaluation.step,
            target: evaluation.target,
            instanceId: result.instance.id,
            score: result.evaluation.score,
          }),
      });
      let inputTokens = 0;
      let outputTokens = 0;
      for (const result of evaluated) {
        inputTokens += result.execution.usage?.inputTokens ?? 0;
        outputTokens += result.execution.usage?.outputTokens ?? 0;
      }
      // A program run may make several task calls; the count here is runs, which is what SPEC
      // §3 counts, and tokens are the runs' own totals.
      const role = evaluation.teacher === true ? 'teacher' : 'task';
      const usage = { [role]: { calls: evaluated.length, inputTokens, outputTokens, costUsd: 0 } };
      return { evaluated, usage };
    },
    async propose(request) {
      const result = await context.models.optimizer('propose').generate({
        ...request,
        metadata: { ...request.metadata, role: 'propose' },
        ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
      });
      const usage = {
        propose: {
          calls: 1,
          inputTokens: result.usage.inputTokens,
          outputTokens: result.usage.outputTokens,
          costUsd: result.costUsd ?? 0,
        },
      };
      return { text: result.text, finishReason: result.finishReason, usage };
    },
    async commit(next, records = []) {
      await context.storage.checkpoints.save({ state: next, records });
      run.state = next;
    },
    emit(event) {
      context.onEvent(event);
    },
    note(kind, message, data, step) {
      context.onEvent({
        type: 'method-note',
        method: 'mipro',
        kind,
        message,
        ...(step === undefined ? {} : { step }),
        ...(data === undefined ? {} : { data }),
      });
    },
    stopRequested() {
      if (context.stopSignal?.aborted) return 'stop requested';
      const limit = context.budget.maxWallTimeMs;
      if (limit !== undefined && context.clock() - options.startedAt >= limit) return 'wall time';
      return undefined;
    },
  };
  return run;
}
