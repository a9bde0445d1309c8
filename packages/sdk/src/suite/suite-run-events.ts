import type { SuiteCell, SuiteEvent } from '@forge/suite';
import type { ForgeEvent } from '../run/sdk-events.js';

/** The suite is ready: config valid, data and models checked, directory open. */
export interface SuitePreparedEvent {
  readonly type: 'suite-prepared';
  /** The suite directory. */
  readonly dir: string;
  /** The suite's name. */
  readonly name: string;
  /** Digest of the deciding config (shards of one suite share it). */
  readonly digest: string;
  /** True when continuing a saved suite. */
  readonly resumed: boolean;
  /** Cells in the plan. */
  readonly cells: number;
  /** True when any model is simulated (`sim:`): the numbers say nothing about real models. */
  readonly simulated: boolean;
}

/** An event of the run of one cell (its own progress), tagged with the cell. */
export interface SuiteCellProgressEvent {
  readonly type: 'cell-progress';
  /** The cell. */
  readonly cell: SuiteCell;
  /** The run's event, as `optimize` emits it. */
  readonly event: ForgeEvent;
}

/** The suite's files were written. */
export interface SuiteOutputsWrittenEvent {
  readonly type: 'suite-outputs-written';
  /** The suite directory. */
  readonly dir: string;
  /** Paths relative to it. */
  readonly files: readonly string[];
  /** What the user should read about them (`RunSuiteResult.notes`). */
  readonly notes: readonly string[];
}

/** Everything `runSuite` emits. */
export type SuiteRunEvent =
  | SuiteEvent
  | SuitePreparedEvent
  | SuiteCellProgressEvent
  | SuiteOutputsWrittenEvent;
