import type { RunDatabase } from '../open-run-database.js';

/** One record a method saved with a checkpoint, as `checkpoint_records` keeps it. */
export interface StoredCheckpointRecord {
  /** Its position among all records of the run (from 1). */
  readonly seq: number;
  /** The save it came with (from 1). */
  readonly save: number;
  /** Its kind (`candidate`, `step`, `proposal`, `minibatch`, `validation-pass`, a method's own). */
  readonly kind: string;
  /** The step it belongs to; null when none. */
  readonly step: number | null;
  /** Its data: JSON text (parse it defensively: a method's or a hostile file's). */
  readonly dataJson: string;
}

/**
 * The records methods other than Forge's variants saved with their checkpoints, in the order they
 * were saved: every record, or those of the given kinds.
 */
export function readCheckpointRecords(
  database: RunDatabase,
  kinds?: readonly string[],
): StoredCheckpointRecord[] {
  if (kinds === undefined) {
    return database
      .prepare(
        'SELECT seq, save, kind, step, data AS dataJson FROM checkpoint_records ORDER BY seq',
      )
      .all() as StoredCheckpointRecord[];
  }
  if (kinds.length === 0) return [];
  return database
    .prepare(
      `SELECT seq, save, kind, step, data AS dataJson FROM checkpoint_records
       WHERE kind IN (SELECT value FROM json_each(?)) ORDER BY seq`,
    )
    .all(JSON.stringify(kinds)) as StoredCheckpointRecord[];
}

/** A method's latest checkpoint, as the one row of `checkpoint` keeps it. */
export interface StoredCheckpoint {
  /** The checkpoint header: JSON text of `@forge/method`'s `CheckpointHeader`. */
  readonly headerJson: string;
  /** How many saves the run made. */
  readonly saves: number;
  /** The latest saved state (JSON text); null before the first save. */
  readonly stateJson: string | null;
}

/** The method's latest checkpoint; undefined when the run holds none (Forge's own variants). */
export function readStoredCheckpoint(database: RunDatabase): StoredCheckpoint | undefined {
  return database
    .prepare('SELECT header AS headerJson, saves, state AS stateJson FROM checkpoint WHERE id = 1')
    .get() as StoredCheckpoint | undefined;
}
