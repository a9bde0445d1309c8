import type { RunDatabase } from '../open-run-database.js';

/** One candidate's score on one validation instance, as `validation_scores` keeps it. */
export interface ValidationScoreRecord {
  /** The candidate's index. */
  readonly candidate: number;
  /** The validation instance. */
  readonly instanceId: string;
  /** Its score. */
  readonly score: number;
}

/** Every validation score of a run of Forge's own variants, in the order they were saved. */
export function readValidationScores(database: RunDatabase): ValidationScoreRecord[] {
  return database
    .prepare(
      'SELECT candidate, instance_id AS instanceId, score FROM validation_scores ORDER BY rowid',
    )
    .all() as ValidationScoreRecord[];
}

/** One validation evaluation in full, as `validation_evaluations` keeps it. */
export interface ValidationEvaluationRecord {
  /** The candidate's index. */
  readonly candidate: number;
  /** The validation instance. */
  readonly instanceId: string;
  /** The program's output: JSON text of an object. */
  readonly outputJson: string;
  /** The metric's feedback; null when it gave none. */
  readonly feedback: string | null;
  /** Feedback by module (JSON text of an object); null when the metric gave none. */
  readonly moduleFeedbackJson: string | null;
  /** The execution's trace: JSON text of an array of module calls. */
  readonly traceJson: string;
}

/**
 * Every validation evaluation a run of Forge's own variants saved (none for runs recorded before
 * they were kept), by candidate, each candidate's in the order they were saved.
 */
export function readValidationEvaluations(database: RunDatabase): ValidationEvaluationRecord[] {
  return database
    .prepare(
      `SELECT candidate, instance_id AS instanceId, output AS outputJson, feedback,
        module_feedback AS moduleFeedbackJson, trace AS traceJson
       FROM validation_evaluations ORDER BY candidate, rowid`,
    )
    .all() as ValidationEvaluationRecord[];
}
