import type { RunDatabase } from '../open-run-database.js';

/**
 * A string that changes whenever the run saves something a report shows: a commit (a step, the
 * seed's validation pass, a synthesis event), a journaled synthesis attempt, a test score or a
 * status change. Cheap enough to ask once a second.
 */
export function readRunVersion(database: RunDatabase): string {
  const row = database
    .prepare(
      `SELECT (SELECT coalesce(max(commit_seq), 0) FROM commits) AS commits,
         (SELECT count(*) FROM synthesis_journal) AS journal,
         (SELECT count(*) FROM test_scores) AS tests,
         (SELECT coalesce(max(value), '') FROM meta WHERE key = 'status') AS status`,
    )
    .get() as { commits: number; journal: number; tests: number; status: string };
  return `${row.commits}.${row.journal}.${row.tests}.${row.status}`;
}
