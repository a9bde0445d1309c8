import type { SuiteCell } from './suite-cell.js';
import type { SuiteCellResult } from './suite-cell-result.js';

/** Progress counts shown with every cell event. */
export interface SuiteProgress {
  /** Cells visited by this invocation (chosen and their dependencies). */
  readonly selected: number;
  /** Of those, cells done (before or during this invocation). */
  readonly done: number;
  /** Of those, cells a cap stopped short (status `stopped`: finished, not run again; the tables mark them). */
  readonly capped: number;
  /** Of those, cells neither done nor stopped yet. */
  readonly left: number;
  /** USD spent by the done and failed cells among them. */
  readonly spentUsd: number;
}

/** The suite starts (or resumes). */
export interface SuiteStartEvent {
  readonly type: 'suite-start';
  /** Cells in the whole plan. */
  readonly total: number;
  /** Cells this invocation visits. */
  readonly selected: number;
  /** Of those, cells already finished — done or stopped at a cap (never paid for again). */
  readonly alreadyDone: number;
  /** Cells added because chosen cells depend on them. */
  readonly addedDependencies: readonly string[];
}

/** A cell starts. */
export interface SuiteCellStartEvent extends SuiteProgress {
  readonly type: 'cell-start';
  readonly cell: SuiteCell;
  /** 1-based position among the cells this invocation visits. */
  readonly position: number;
  /** The ceiling it runs under (null: none). */
  readonly ceiling: number | null;
}

/** A cell is skipped because it finished already (done, or stopped at a cap). */
export interface SuiteCellSkippedEvent {
  readonly type: 'cell-skipped';
  readonly cell: SuiteCell;
  readonly reason: 'done' | 'stopped';
}

/** A cell cannot start: a dependency is not done. */
export interface SuiteCellBlockedEvent {
  readonly type: 'cell-blocked';
  readonly cell: SuiteCell;
  /** Dependencies not done. */
  readonly waitingFor: readonly string[];
  /** The dependency that failed, if one did. */
  readonly blockedBy?: string;
  /** The dependency that stopped at a cap, when that refuses the cell (no `allowTruncatedCeilings`). */
  readonly refusedBy?: string;
}

/** A cell ended (done, failed, or stopped part-way: pending). */
export interface SuiteCellEndEvent extends SuiteProgress {
  readonly type: 'cell-end';
  readonly result: SuiteCellResult;
}

/** The invocation ended. */
export interface SuiteEndEvent extends SuiteProgress {
  readonly type: 'suite-end';
  /** Cells that failed. */
  readonly failed: number;
  /** Cells refused because a dependency stopped at a cap. */
  readonly refused: number;
  /** True when a stop request ended it early. */
  readonly stopped: boolean;
}

/** Everything `executeSuite` emits. */
export type SuiteEvent =
  | SuiteStartEvent
  | SuiteCellStartEvent
  | SuiteCellSkippedEvent
  | SuiteCellBlockedEvent
  | SuiteCellEndEvent
  | SuiteEndEvent;
