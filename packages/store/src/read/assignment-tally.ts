import type { RunDatabase } from '../open-run-database.js';

/** The first assignment whose answer could not be used. */
export interface UnusableAssignment {
  /** `<reason>: <detail>`, as the memory's no-op outcome gave it; null when none was saved. */
  readonly reason: string | null;
  /** The assigner's raw answer; null for runs recorded before answers were kept. */
  readonly responseText: string | null;
}

/** What the assigner did over a run of Forge's own variants. */
export interface AssignmentTally {
  /** Assigner answers (one per failure observation filed). */
  readonly total: number;
  /** Answers by the action they took: `create`, `assign`, `rename`, `no-op`. */
  readonly byAction: Readonly<Record<string, number>>;
  /** The first `no-op` answer, when there was one. */
  readonly firstNoOp?: UnusableAssignment;
}

/** Counts the run's assignments by action and finds the first unusable one. */
export function readAssignmentTally(database: RunDatabase): AssignmentTally {
  const rows = database
    .prepare('SELECT action, count(*) AS n FROM assignments GROUP BY action ORDER BY min(seq)')
    .all() as { action: string; n: number }[];
  const byAction: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    Object.defineProperty(byAction, row.action, {
      value: row.n,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    total += row.n;
  }
  const firstNoOp = database
    .prepare(
      "SELECT reason, response_text AS responseText FROM assignments WHERE action = 'no-op' ORDER BY seq LIMIT 1",
    )
    .get() as UnusableAssignment | undefined;
  return { total, byAction, ...(firstNoOp === undefined ? {} : { firstNoOp }) };
}
