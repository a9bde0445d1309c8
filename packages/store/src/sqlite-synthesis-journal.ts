import { dirname } from 'node:path';
import type { AttemptRecord, SynthesisJournal } from '@forge/synth';
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

  constructor(database: RunDatabase) {
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
    guardStore(this.runDir, () =>
      this.write.run(record.event, record.slot, JSON.stringify(record)),
    );
  }
}
