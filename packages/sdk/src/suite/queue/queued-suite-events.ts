import type { SuiteCell } from '@forge/suite';
import type { ForgeEvent } from '../../run/sdk-events.js';
import type { SuiteRunEvent } from '../suite-run-events.js';
import type { CellWorkerEvent } from './cell-worker-event.js';
import type { QueuedCellState } from './suite-queue-status.js';

/** The suite is on the queue: its record saved and the cells that can start enqueued. */
export interface SuiteQueuedEvent {
  readonly type: 'suite-queued';
  /** The queue's URL, password removed. */
  readonly queue: string;
  /** The BullMQ queue's name. */
  readonly queueName: string;
  /** The suite's key on the queue. */
  readonly suiteKey: string;
  /** Cells the suite runs. */
  readonly selected: number;
  /** Cells enqueued now (the rest follow as their dependencies finish). */
  readonly enqueued: readonly string[];
  /** Failed cells cleared to run again. */
  readonly retried: readonly string[];
}

/** Where the queued suite stands, emitted whenever that changes while waiting. */
export interface SuiteQueueProgressEvent {
  readonly type: 'suite-queue-progress';
  /** Cells by state. */
  readonly counts: Readonly<Record<QueuedCellState['state'], number>>;
  /** Running cells and their workers. */
  readonly running: readonly { readonly cell: string; readonly worker?: string }[];
  /** Workers connected to the queue. */
  readonly workers: readonly string[];
  /** USD spent by the cells with a result. */
  readonly spentUsd: number;
}

/** The coordinator stopped waiting; the workers keep going. */
export interface SuiteQueueDetachedEvent {
  readonly type: 'suite-queue-detached';
  /** `no-wait` (asked not to wait) or `stopped` (interrupted while waiting). */
  readonly reason: 'no-wait' | 'stopped';
}

/** Everything `runQueuedSuite` emits. */
export type QueuedSuiteEvent =
  | SuiteRunEvent
  | SuiteQueuedEvent
  | SuiteQueueProgressEvent
  | SuiteQueueDetachedEvent;

/** A cell's own progress on a worker. */
export interface WorkerCellProgressEvent {
  readonly type: 'cell-progress';
  /** The cell. */
  readonly cell: SuiteCell;
  /** The run's event, as `optimize` emits it. */
  readonly event: ForgeEvent;
}

/** Everything `runSuiteWorker` emits. */
export type SuiteWorkerEvent = CellWorkerEvent | WorkerCellProgressEvent;
