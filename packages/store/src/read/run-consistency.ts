import type { RunDatabase } from '../open-run-database.js';

/**
 * What SQLite's full integrity check finds wrong with the database file: one line per problem,
 * none when it is intact. Reads every page: seconds for a large run.
 */
export function readIntegrityProblems(database: RunDatabase): string[] {
  const rows = database.pragma('integrity_check') as { integrity_check: string }[];
  return rows.map((row) => row.integrity_check).filter((text) => text !== 'ok');
}

/** The sizes of a run's action log and of the tables derived from it, which must agree. */
export interface ActionLogCounts {
  /** Rows of the `steps` table. */
  readonly steps: number;
  /** `step-completed` actions in the log. */
  readonly stepActions: number;
  /** Rows of the `commits` table. */
  readonly commits: number;
  /** Distinct commits the log's actions belong to. */
  readonly actionCommits: number;
}

/** Counts the action log and its derived tables, for a consistency check. */
export function readActionLogCounts(database: RunDatabase): ActionLogCounts {
  return database
    .prepare(
      `SELECT (SELECT count(*) FROM steps) AS steps,
        (SELECT count(*) FROM actions WHERE type = 'step-completed') AS stepActions,
        (SELECT count(*) FROM commits) AS commits,
        (SELECT count(DISTINCT commit_seq) FROM actions) AS actionCommits`,
    )
    .get() as ActionLogCounts;
}
