// What `queuedSuiteStatus` and the queued-suite events show of the queue, declared here rather
// than imported from `@forge/queue` (an optional peer), so the sdk's declarations type-check in a
// project without it. The queue's own values are returned as these types: the compiler checks
// that they fit.

/** Where one cell of a queued suite stands. */
export interface QueuedCellState {
  /** The cell's id. */
  readonly id: string;
  /**
   * `waiting` for a dependency, `queued`, `running`, `done`, `stopped` by a cap, `failed`,
   * `blocked` by a failed dependency, or `refused` because a dependency stopped at a cap.
   */
  readonly state:
    | 'waiting'
    | 'queued'
    | 'running'
    | 'done'
    | 'stopped'
    | 'failed'
    | 'blocked'
    | 'refused';
  /** The worker running it, when running. */
  readonly worker?: string;
  /** Times a worker has started it (more than one: it was resumed after a stop or a dead worker). */
  readonly starts?: number;
  /** Times it was found stalled (its worker died or froze) and re-queued. */
  readonly stalls?: number;
  /** Why it failed. */
  readonly error?: string;
}

/** A worker connected to the queue. */
export interface QueueWorkerInfo {
  /** Its name (`--name`; default host and pid). */
  readonly name: string;
  /** Its address as Redis sees it. */
  readonly address: string;
}

/** How far a queued suite is, from its cells' results alone. */
export interface SuiteQueueProgress {
  /** Cells the suite runs. */
  readonly selected: number;
  /** Cells done. */
  readonly done: number;
  /** Cells a cap stopped short (`stopped`: finished, never run again). */
  readonly stopped: number;
  /** Cells failed (they stay failed until the suite is resumed). */
  readonly failed: number;
  /** Cells that cannot run because a dependency failed (directly or through another cell). */
  readonly blocked: number;
  /**
   * Cells refused because a dependency stopped at a cap (no `allowTruncatedCeilings`): the suite
   * is settled without them.
   */
  readonly refused: number;
  /** Cells still to run or running: the suite is settled when none are left. */
  readonly remaining: number;
  /** USD spent by the cells with a result. */
  readonly spentUsd: number;
}

/** Where a queued suite stands (`forge suite status --queue`). */
export interface SuiteQueueStatus {
  /** The suite: its key on the queue, name, directory and config digest. */
  readonly suite: {
    /** The suite's key on the queue. */
    readonly key: string;
    /** The suite's name. */
    readonly name: string;
    /** The suite directory (the same path on every worker). */
    readonly dir: string;
    /** Digest of its deciding config. */
    readonly digest: string;
  };
  /** Counts from the results. */
  readonly progress: SuiteQueueProgress;
  /** Cells by state. */
  readonly counts: Readonly<Record<QueuedCellState['state'], number>>;
  /** Every cell, plan order. */
  readonly cells: readonly QueuedCellState[];
  /** Workers connected to the queue now (any suite's). */
  readonly workers: readonly QueueWorkerInfo[];
}
