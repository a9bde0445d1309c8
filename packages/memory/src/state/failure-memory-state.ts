import type { FailureMode } from './failure-mode.js';

/** Why an assigner answer left the memory unchanged. */
export type AssignmentNoOpReason =
  | 'empty'
  | 'truncated'
  | 'missing-block'
  | 'multiple-blocks'
  | 'invalid-json'
  | 'illegal-combination'
  | 'unknown-cluster'
  | 'name-conflict'
  | 'invalid-name';

/** Every no-op reason, in a fixed order (for reports and zero-filled counters). */
export const assignmentNoOpReasons: readonly AssignmentNoOpReason[] = [
  'empty',
  'truncated',
  'missing-block',
  'multiple-blocks',
  'invalid-json',
  'illegal-combination',
  'unknown-cluster',
  'name-conflict',
  'invalid-name',
];

/** Counts of applied assigner actions, over all epochs. */
export interface AssignmentActionCounts {
  /** Observations that created a mode. */
  readonly create: number;
  /** Observations appended to an existing mode. */
  readonly assign: number;
  /** Observations appended after renaming (or re-describing) their mode. */
  readonly rename: number;
}

/**
 * Failure memory M (A.1, A.4): failure modes of every synthesis epoch, kept for audit, of which
 * only the current epoch's are active. Plain data: `JSON.stringify` saves it as is and
 * `parseFailureMemoryState` loads it back. Every change returns a new state; no function of this
 * package mutates one.
 */
export interface FailureMemoryState {
  /** Format version of this object. */
  readonly version: 1;
  /** Current synthesis epoch, from 0; advances after each synthesis event. */
  readonly epoch: number;
  /** Modes of all epochs in creation order. */
  readonly modes: readonly FailureMode[];
  /** Applied actions, over all epochs. */
  readonly actions: AssignmentActionCounts;
  /** No-op answers by reason, over all epochs. */
  readonly noOps: Readonly<Record<AssignmentNoOpReason, number>>;
}

/** An empty memory at epoch 0. */
export function createFailureMemory(): FailureMemoryState {
  return {
    version: 1,
    epoch: 0,
    modes: [],
    actions: { create: 0, assign: 0, rename: 0 },
    noOps: Object.fromEntries(assignmentNoOpReasons.map((reason) => [reason, 0])) as Record<
      AssignmentNoOpReason,
      number
    >,
  };
}

/** The current epoch's modes, in creation order: the catalogue the assigner and synthesis see. */
export function activeModes(state: FailureMemoryState): FailureMode[] {
  return state.modes.filter((mode) => mode.epoch === state.epoch);
}

/** Modes created in `epoch`, in creation order (history of a past epoch, or the active one). */
export function modesOfEpoch(state: FailureMemoryState, epoch: number): FailureMode[] {
  return state.modes.filter((mode) => mode.epoch === epoch);
}

/**
 * Closes the current synthesis epoch (A.4): every mode is kept for audit, and the active
 * catalogue of the new epoch starts empty.
 */
export function advanceEpoch(state: FailureMemoryState): FailureMemoryState {
  return { ...state, epoch: state.epoch + 1 };
}

/** Total no-op answers over all reasons. */
export function countNoOps(state: FailureMemoryState): number {
  return assignmentNoOpReasons.reduce((total, reason) => total + state.noOps[reason], 0);
}
