import type { RunDatabase } from '../open-run-database.js';

/** A failure mode of one epoch with the failures filed under it. */
export interface FailureModeSupport {
  /** The failure mode's id (`e<epoch>-m<index>`; stored as `mode_id`). */
  readonly failureModeId: string;
  /** Its name as the epoch left it (a rename in the epoch included); the id when none was saved. */
  readonly name: string;
  /** Its description as the epoch left it; empty when none was saved. */
  readonly description: string;
  /** Failures the assigner filed under it in the epoch (created, assigned or renamed with). */
  readonly failures: number;
}

/**
 * The failure modes of one failure-memory epoch of a run of Forge's own variants, each with its
 * supporting failures (no-op assignments excluded), in the order the epoch first filed a failure
 * under them. Every epoch is kept (A.4), so a closed epoch reads as it was when synthesis ran.
 */
export function readFailureModeSupport(database: RunDatabase, epoch: number): FailureModeSupport[] {
  const supports = database
    .prepare(
      `SELECT mode_id AS failureModeId, count(*) AS failures FROM assignments
       WHERE epoch = ? AND action != 'no-op' AND mode_id IS NOT NULL
       GROUP BY mode_id ORDER BY min(seq)`,
    )
    .all(epoch) as { failureModeId: string; failures: number }[];
  const latest = database.prepare(
    'SELECT name, description FROM failure_modes WHERE mode_id = ? AND epoch = ? ORDER BY seq DESC LIMIT 1',
  );
  return supports.map((support) => {
    const mode = latest.get(support.failureModeId, epoch) as
      | { name: string; description: string }
      | undefined;
    return {
      failureModeId: support.failureModeId,
      name: mode?.name ?? support.failureModeId,
      description: mode?.description ?? '',
      failures: support.failures,
    };
  });
}

/** The latest epoch any failure was filed in; undefined when the run filed none. */
export function readLastAssignmentEpoch(database: RunDatabase): number | undefined {
  const row = database.prepare('SELECT max(epoch) AS epoch FROM assignments').get() as {
    epoch: number | null;
  };
  return row.epoch ?? undefined;
}
