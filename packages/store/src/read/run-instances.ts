import type { RunDatabase } from '../open-run-database.js';

/** One instance of a run's data, as the `instances` table keeps it. */
export interface RunInstanceRecord {
  /** The instance id. */
  readonly id: string;
  /** `train`, `validation` or `test`. */
  readonly split: string;
  /** `original` (the benchmark's) or `synthetic` (admitted by a synthesis event). */
  readonly origin: string;
  /** Its input fields: JSON text of an object. */
  readonly inputJson: string;
  /** Its gold fields: JSON text of an object. */
  readonly goldJson: string;
  /** Its metadata (JSON text of an object); null when it has none. */
  readonly metadataJson: string | null;
}

/** Which instances `readRunInstances` returns: all when empty. */
export interface RunInstanceFilter {
  /** Only this split. */
  readonly split?: 'train' | 'validation' | 'test';
  /** Only this origin. */
  readonly origin?: 'original' | 'synthetic';
}

/** A run's instances, in the order the run saved them. */
export function readRunInstances(
  database: RunDatabase,
  filter: RunInstanceFilter = {},
): RunInstanceRecord[] {
  return database
    .prepare(
      `SELECT id, split, origin, input AS inputJson, gold AS goldJson, metadata AS metadataJson
       FROM instances WHERE (@split IS NULL OR split = @split) AND (@origin IS NULL OR origin = @origin)
       ORDER BY rowid`,
    )
    .all({ split: filter.split ?? null, origin: filter.origin ?? null }) as RunInstanceRecord[];
}

/** How many instances a run holds, by kind. */
export interface RunInstanceCounts {
  /** The benchmark's own training instances. */
  readonly originalTraining: number;
  /** Instances synthesis admitted (they join the training split). */
  readonly synthetic: number;
  /** Validation instances. */
  readonly validation: number;
  /** Test instances. */
  readonly test: number;
}

/** Counts a run's instances without reading them. */
export function countRunInstances(database: RunDatabase): RunInstanceCounts {
  return database
    .prepare(
      `SELECT coalesce(sum(split = 'train' AND origin = 'original'), 0) AS originalTraining,
        coalesce(sum(origin = 'synthetic'), 0) AS synthetic,
        coalesce(sum(split = 'validation'), 0) AS validation,
        coalesce(sum(split = 'test'), 0) AS test
       FROM instances`,
    )
    .get() as RunInstanceCounts;
}
