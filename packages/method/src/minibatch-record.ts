import type { EvaluatedExecution } from '@forge/program';
import type { CheckpointRecord } from './checkpoint-store.js';
import { executionRecord, type MethodExecutionRecord } from './method-records.js';

/** Record kind of the task executions a proposal was judged on (`minibatchRecord`). */
export const minibatchRecordKind = 'minibatch';

/** The longest string of an output, feedback or trace a `minibatch` record keeps. */
export const minibatchTextLimit = 4000;

/**
 * The executions one step's proposals were judged on: the parent's and, when it was evaluated,
 * the proposal's, on the same instances in the same order. One record per step, however many
 * proposal records (one per module) the step made; the report joins them by step and instances.
 */
export interface MethodMinibatch {
  /** The method's step, as in its proposal records. */
  readonly step: number;
  /** The candidate the step started from. */
  readonly parent: number;
  /** The instances, in order (equal to the proposals' `minibatch`). */
  readonly instances: readonly string[];
  /**
   * The parent's executions on them (its scores are the proposals' `parentScores`); empty when
   * the instances are validation instances whose parent executions its `validation-pass` record
   * already holds (a GEPA merge, judged on a validation subsample).
   */
  readonly parentExecutions: readonly MethodExecutionRecord[];
  /** The proposal's executions, when it was evaluated (its scores are `proposalScores`). */
  readonly proposalExecutions?: readonly MethodExecutionRecord[];
}

/**
 * A step's minibatch executions as a checkpoint record, saved in the same `CheckpointStore.save`
 * as the step's proposal records so a resumed run never records them twice. Kept apart from the
 * proposal records (which a step may write several of) so each execution is stored once; every
 * string longer than `minibatchTextLimit` is clipped, saying how much was left out, to bound the
 * database's growth.
 */
export function minibatchRecord(options: {
  readonly step: number;
  readonly parent: number;
  /** The parent's executions; empty when they are already stored (a validation pass's). */
  readonly parentEvaluations: readonly EvaluatedExecution[];
  readonly proposalEvaluations?: readonly EvaluatedExecution[];
}): CheckpointRecord {
  const judged =
    options.parentEvaluations.length > 0
      ? options.parentEvaluations
      : (options.proposalEvaluations ?? []);
  const data: MethodMinibatch = {
    step: options.step,
    parent: options.parent,
    instances: judged.map((evaluated) => evaluated.instance.id),
    parentExecutions: options.parentEvaluations.map(clippedExecution),
    ...(options.proposalEvaluations === undefined
      ? {}
      : { proposalExecutions: options.proposalEvaluations.map(clippedExecution) }),
  };
  return { kind: minibatchRecordKind, step: options.step, data };
}

function clippedExecution(evaluated: EvaluatedExecution): MethodExecutionRecord {
  return clipStrings(executionRecord(evaluated)) as MethodExecutionRecord;
}

/** A plain JSON value with every string longer than the limit cut, saying how much was cut. */
export function clipStrings(value: unknown, limit = minibatchTextLimit): unknown {
  if (typeof value === 'string') {
    return value.length <= limit
      ? value
      : `${value.slice(0, limit)}\n… [${value.length - limit} more characters not kept]`;
  }
  if (Array.isArray(value)) return value.map((item) => clipStrings(item, limit));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, clipStrings(item, limit)]),
    );
  }
  return value;
}
