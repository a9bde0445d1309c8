import type { RunDatabase } from '../open-run-database.js';

/** One synthesis event, as the `synthesis_events` table keeps it. */
export interface SynthesisEventRecord {
  /** The event number (from 0). */
  readonly event: number;
  /** The step after which it ran. */
  readonly step: number;
  /** The failure-memory epoch it closed. */
  readonly epoch: number;
  /** Evaluations the run had used when it ran. */
  readonly evaluationsUsed: number;
  /** Generation attempts it made. */
  readonly attempts: number;
  /** Instances it admitted. */
  readonly admitted: number;
  /** Its accounting (outcomes overall and by failure mode): JSON text of the core's `SynthesisAccounting`. */
  readonly accountingJson: string;
}

/** Every synthesis event of a run, in order (empty for runs that ran none). */
export function readSynthesisEvents(database: RunDatabase): SynthesisEventRecord[] {
  return database
    .prepare(
      `SELECT event, step, epoch, evaluations_used AS evaluationsUsed, attempts, admitted,
        accounting AS accountingJson
       FROM synthesis_events ORDER BY event`,
    )
    .all() as SynthesisEventRecord[];
}

/** One generation attempt of a synthesis event, as the `synthesis_attempts` table keeps it. */
export interface SynthesisAttemptRecord {
  /** The event. */
  readonly event: number;
  /** The attempt's slot in the event. */
  readonly slot: number;
  /** The failure mode it targeted; null for a random training instance. */
  readonly failureModeId: string | null;
  /** That failure mode's name then; null for a random training instance. */
  readonly failureModeName: string | null;
  /** The mutation intent. */
  readonly intent: string;
  /** `admitted`, `generation-failed`, `verification-failed`, `rejected-…`. */
  readonly outcome: string;
  /** Why it ended so. */
  readonly reason: string;
  /** The generated instance's id; null when none was generated. */
  readonly instanceId: string | null;
  /** The whole attempt: JSON text of the synthesis package's `SynthesisAttempt`. */
  readonly recordJson: string;
}

/** Every generation attempt of a run, in event and slot order. */
export function readSynthesisAttempts(database: RunDatabase): SynthesisAttemptRecord[] {
  return database
    .prepare(
      `SELECT event, slot, mode_id AS failureModeId, mode_name AS failureModeName, intent, outcome,
        reason, instance_id AS instanceId, record AS recordJson
       FROM synthesis_attempts ORDER BY event, slot`,
    )
    .all() as SynthesisAttemptRecord[];
}
