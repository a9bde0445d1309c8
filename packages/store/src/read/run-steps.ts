import type { RunDatabase } from '../open-run-database.js';

/** One step of Forge's search, as the `steps` table keeps it. */
export interface RunStepRecord {
  /** The step number (from 1). */
  readonly step: number;
  /** The parent candidate the step evaluated. */
  readonly parent: number;
  /** The module whose prompt the step proposed to change. */
  readonly module: string;
  /** `perfect` (nothing to fix), `accepted`, `rejected` or `no-op`. */
  readonly outcome: string;
  /** Why a `no-op` step proposed nothing (`unchanged`, `missing-block`, `truncated`, …); null otherwise. */
  readonly noOpReason: string | null;
  /** The minibatch's instance ids: JSON text of a string array. */
  readonly minibatchJson: string;
  /** The parent's scores on the minibatch: JSON text of a number array. */
  readonly parentScoresJson: string;
  /** The proposal's scores on the minibatch (JSON text of a number array); null when none ran. */
  readonly proposalScoresJson: string | null;
  /** The candidate the step added; null when it added none. */
  readonly candidate: number | null;
  /** Evaluations the step spent. */
  readonly evaluations: number;
  /** True when the step's candidate became the best. */
  readonly improved: boolean;
  /** Evaluations the run had used after the step. */
  readonly evaluationsUsed: number;
}

/** Every step of a run of Forge's own variants, in order (empty for other methods). */
export function readRunSteps(database: RunDatabase): RunStepRecord[] {
  const rows = database
    .prepare(
      `SELECT step, parent, module, outcome, no_op_reason AS noOpReason, minibatch AS minibatchJson,
        parent_scores AS parentScoresJson, proposal_scores AS proposalScoresJson, candidate,
        evaluations, improved, evaluations_used AS evaluationsUsed
       FROM steps ORDER BY step`,
    )
    .all() as (Omit<RunStepRecord, 'improved'> & { improved: number })[];
  return rows.map((row) => ({ ...row, improved: row.improved !== 0 }));
}

/** The reflector's answer at one step, as the `reflections` table keeps it. */
export interface RunReflectionRecord {
  /** The step. */
  readonly step: number;
  /** The parent candidate it reflected on. */
  readonly parent: number;
  /** The module whose prompt it rewrote. */
  readonly module: string;
  /** The reflector's whole answer. */
  readonly responseText: string;
  /** The prompt the answer proposed; null when none could be read from it. */
  readonly prompt: string | null;
}

/**
 * Every reflector answer of a run of Forge's own variants (rejected proposals' included), in step
 * order. Runs recorded before answers were kept have none.
 */
export function readRunReflections(database: RunDatabase): RunReflectionRecord[] {
  return database
    .prepare(
      'SELECT step, parent, module, response_text AS responseText, prompt FROM reflections ORDER BY step',
    )
    .all() as RunReflectionRecord[];
}
