import type { RunDatabase } from '../open-run-database.js';

/** One candidate of Forge's own variants, as the `candidates` table keeps it. */
export interface RunCandidateRecord {
  /** Its index (0 is the seed). */
  readonly candidate: number;
  /** The candidate it was proposed from; null for the seed. */
  readonly parent: number | null;
  /** The module whose prompt it changed; null for the seed. */
  readonly module: string | null;
  /** The step that accepted it; null for the seed. */
  readonly step: number | null;
  /** Its mean score on the validation split. */
  readonly validationScore: number;
  /** Evaluations the run had used when it was proposed (its own validation pass excluded). */
  readonly evaluationsAtDiscovery: number;
  /** Its prompts as saved: the JSON text of an object module → prompt (parse it defensively). */
  readonly promptsJson: string;
}

/**
 * Every candidate of a run of Forge's own variants, in index order. Empty for the runs of other
 * methods, which keep their candidates as checkpoint records (`readCheckpointRecords`).
 */
export function readRunCandidates(database: RunDatabase): RunCandidateRecord[] {
  return database
    .prepare(
      `SELECT candidate, parent, module, step, validation_score AS validationScore,
        evaluations_at_discovery AS evaluationsAtDiscovery, prompts AS promptsJson
       FROM candidates ORDER BY candidate`,
    )
    .all() as RunCandidateRecord[];
}
