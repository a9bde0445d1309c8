import type { RunDatabase } from '../open-run-database.js';

/** Where a run of Forge's own variants stands, as its last commit and its candidates say. */
export interface RunProgress {
  /** The step of its last commit (0 before the first). */
  readonly steps: number;
  /** Evaluations used at its last commit (0 before the first). */
  readonly evaluationsUsed: number;
  /** The seed's validation score, once it was evaluated. */
  readonly seedScore?: number;
  /** The best validation score of any candidate, once the seed was evaluated. */
  readonly bestScore?: number;
}

/**
 * Reads where a run stands without replaying it: its last commit's step and evaluations, the
 * seed's and the best validation score. Methods other than Forge's variants commit nothing to
 * these tables: their runs read as not started (their progress is in their checkpoint records).
 */
export function readRunProgress(database: RunDatabase): RunProgress {
  const scores = database
    .prepare(
      'SELECT (SELECT validation_score FROM candidates WHERE candidate = 0) AS seed, max(validation_score) AS best FROM candidates',
    )
    .get() as { seed: number | null; best: number | null };
  const last = database
    .prepare(
      'SELECT step, evaluations_used AS evaluationsUsed FROM commits ORDER BY commit_seq DESC LIMIT 1',
    )
    .get() as { step: number; evaluationsUsed: number } | undefined;
  return {
    steps: last?.step ?? 0,
    evaluationsUsed: last?.evaluationsUsed ?? 0,
    ...(scores.seed === null ? {} : { seedScore: scores.seed }),
    ...(scores.best === null ? {} : { bestScore: scores.best }),
  };
}
