import type { SuiteCellResult } from '@forge/suite';

// Declared here rather than imported from `@forge/queue` (an optional peer), so the sdk's
// declarations type-check in a project without it; `runSuiteWorker` passes the queue's events
// on as these, and the compiler checks that they fit.

/** Something a suite worker did (`runSuiteWorker`, `forge worker`). */
export type CellWorkerEvent =
  | {
      readonly type: 'worker-ready';
      /** The worker's name. */
      readonly worker: string;
      /** The BullMQ queue it takes cells from. */
      readonly queueName: string;
      /** Cells it runs at once. */
      readonly concurrency: number;
    }
  | {
      readonly type: 'cell-taken';
      /** The worker's name. */
      readonly worker: string;
      /** The suite directory of the cell. */
      readonly suiteDir: string;
      /** The cell's id. */
      readonly cell: string;
      /** Times a worker has started this cell, this start included. */
      readonly starts: number;
      /** Times it was found stalled (a worker died or froze) before this start. */
      readonly stalls: number;
    }
  | {
      readonly type: 'cell-finished';
      /** The worker's name. */
      readonly worker: string;
      /** The cell's id. */
      readonly cell: string;
      /** How the cell ended. */
      readonly status: SuiteCellResult['status'];
      /** How long the cell ran on this worker, in ms. */
      readonly durationMs: number;
      /** Cells this result made ready (the worker enqueued them). */
      readonly enqueued: readonly string[];
    }
  | {
      readonly type: 'cell-requeued';
      /** The worker's name. */
      readonly worker: string;
      /** The cell's id. */
      readonly cell: string;
      /** Why it went back to the queue. */
      readonly reason: 'stopping' | 'held-elsewhere' | 'lock-lost';
    }
  | {
      readonly type: 'cell-rejected';
      /** The worker's name. */
      readonly worker: string;
      /** The BullMQ job's id. */
      readonly job: string;
      /** Why the job was refused: nothing was run, imported or deleted for it. */
      readonly reason: string;
    }
  | {
      readonly type: 'worker-stopped';
      /** The worker's name. */
      readonly worker: string;
    };
