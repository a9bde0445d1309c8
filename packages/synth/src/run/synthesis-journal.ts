import type { AttemptRecord } from './attempt-record.js';

/**
 * Where finished attempts are kept so that a resumed event re-uses them instead of paying for
 * them again. `@forge/store` implements it on SQLite; `createMemoryJournal` and
 * `createJsonlJournal` are the simple ones.
 */
export interface SynthesisJournal {
  /** The record of an attempt, when it finished before. */
  get(event: number, slot: number): Promise<AttemptRecord | undefined>;
  /** Saves a finished attempt (called once per attempt, in completion order). */
  put(record: AttemptRecord): Promise<void>;
}

/** A journal in memory, with its records exposed for inspection. */
export interface MemorySynthesisJournal extends SynthesisJournal {
  /** Every record, by `event:slot`. */
  readonly records: ReadonlyMap<string, AttemptRecord>;
}

/** Creates an in-memory journal, optionally pre-filled. */
export function createMemoryJournal(
  initial: readonly AttemptRecord[] = [],
): MemorySynthesisJournal {
  const records = new Map<string, AttemptRecord>();
  for (const record of initial) records.set(journalKey(record.event, record.slot), record);
  return {
    records,
    async get(event, slot) {
      return records.get(journalKey(event, slot));
    },
    async put(record) {
      records.set(journalKey(record.event, record.slot), record);
    },
  };
}

/** The key of an attempt: `event:slot`. */
export function journalKey(event: number, slot: number): string {
  return `${event}:${slot}`;
}
