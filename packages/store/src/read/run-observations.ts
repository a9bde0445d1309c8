import type { RunDatabase } from '../open-run-database.js';

/** One failure observation of Forge's search, as the `observations` table keeps it. */
export interface RunObservationRecord {
  /** The observation id (`o-<step>-<position>`). */
  readonly id: string;
  /** The step that observed it. */
  readonly step: number;
  /** The parent candidate whose execution failed. */
  readonly parent: number;
  /** The training instance it failed on. */
  readonly instanceId: string;
  /** The execution's score. */
  readonly score: number;
  /** The metric's feedback; null when it gave none. */
  readonly feedback: string | null;
  /** The execution's trace: JSON text of an array of module calls. */
  readonly traceJson: string;
}

/**
 * Every failure observation of a run of Forge's own variants: by step, in the order each step
 * observed them (the parent's imperfect executions on its minibatch, which the reflector was shown).
 */
export function readRunObservations(database: RunDatabase): RunObservationRecord[] {
  return database
    .prepare(
      `SELECT id, step, parent, instance_id AS instanceId, score, feedback, trace AS traceJson
       FROM observations ORDER BY step, rowid`,
    )
    .all() as RunObservationRecord[];
}

/** The failure a synthesis attempt started from, with its instance's input. */
export interface ObservationSource {
  /** The observation id. */
  readonly id: string;
  /** The training instance it failed on. */
  readonly instanceId: string;
  /** The execution's score. */
  readonly score: number;
  /** The metric's feedback; null when it gave none. */
  readonly feedback: string | null;
  /** The instance's input fields (JSON text of an object); null when the run lacks the instance. */
  readonly inputJson: string | null;
}

/** The observations of the given ids that the run holds, by id (ids it lacks are left out). */
export function readObservationSources(
  database: RunDatabase,
  ids: Iterable<string>,
): Map<string, ObservationSource> {
  const statement = database.prepare(
    `SELECT o.id, o.instance_id AS instanceId, o.score, o.feedback, i.input AS inputJson
     FROM observations o LEFT JOIN instances i ON i.id = o.instance_id WHERE o.id = ?`,
  );
  const sources = new Map<string, ObservationSource>();
  for (const id of ids) {
    if (sources.has(id)) continue;
    const row = statement.get(id) as ObservationSource | undefined;
    if (row !== undefined) sources.set(id, row);
  }
  return sources;
}
