import { dirname } from 'node:path';
import type { AttemptRecord, SynthesisJournal } from '@forge/synth';
import { flushDeferredWrites } from './deferred-writes.js';
import type { RunDatabase } from './open-run-database.js';
import { guardStore } from './store-failure.js';

/**
 * The synthesis journal in a run's database: each finished attempt is saved as it finishes, so
 * a run killed in the middle of a synthesis event re-uses them instead of paying again.
 */
export class SqliteSynthesisJournal implements SynthesisJournal {
  private readonly read;
  private readonly write;
  private readonly runDir: string;
  private readonly database: RunDatabase;

  constructor(database: RunDatabase) {
    this.database = database;
    this.runDir = dirname(database.name);
    this.read = database.prepare(
      'SELECT record FROM synthesis_journal WHERE event = ? AND slot = ?',
    );
    this.write = database.prepare(
      'INSERT INTO synthesis_journal (event, slot, record) VALUES (?, ?, ?) ON CONFLICT (event, slot) DO UPDATE SET record = excluded.record',
    );
  }

  async get(event: number, slot: number): Promise<AttemptRecord | undefined> {
    const row = guardStore(this.runDir, () => this.read.get(event, slot)) as
      | { record: string }
      | undefined;
    return row === undefined ? undefined : (JSON.parse(row.record) as AttemptRecord);
  }

  async put(record: AttemptRecord): Promise<void> {
    const text = JSON.stringify(record);
    guardStore(this.runDir, () =>
      this.database.transaction(() => {
        // The attempt's model calls (answers and records) are saved with it: a resume that re-uses
        // the attempt never finds it without the record of what it cost.
        flushDeferredWrites(this.database);
        this.write.run(record.event, record.slot, text);
      })(),
    );
  }
}
