import { dirname } from 'node:path';
import type {
  CheckpointHeader,
  CheckpointRecord,
  CheckpointStore,
  SavedCheckpoint,
} from '@forge/method';
import { flushDeferredWrites } from './deferred-writes.js';
import type { RunDatabase } from './open-run-database.js';
import { readCheckpointRecords, readStoredCheckpoint } from './read/checkpoint-records.js';
import { guardStore } from './store-failure.js';

/**
 * A method's `CheckpointStore` in the run's database: each save replaces the latest state and
 * appends its records in one transaction, so a run killed at any moment reopens at its last save.
 * A full disk or a damaged database is a `StorageError` or `StoreError`, never a bare SQLite error.
 */
export class SqliteCheckpointStore implements CheckpointStore {
  private readonly database: RunDatabase;
  private readonly statements;
  private readonly runDir: string;

  constructor(database: RunDatabase) {
    this.database = database;
    this.runDir = dirname(database.name);
    this.statements = {
      read: database.prepare('SELECT header, saves, state FROM checkpoint WHERE id = 1'),
      create: database.prepare(
        'INSERT INTO checkpoint (id, header, saves, state) VALUES (1, ?, 0, NULL)',
      ),
      update: database.prepare('UPDATE checkpoint SET saves = ?, state = ? WHERE id = 1'),
      record: database.prepare(
        'INSERT INTO checkpoint_records (save, kind, step, data) VALUES (?, ?, ?, ?)',
      ),
    };
  }

  async load(): Promise<SavedCheckpoint | undefined> {
    const row = guardStore(this.runDir, () => readStoredCheckpoint(this.database));
    if (row === undefined) return undefined;
    return {
      header: JSON.parse(row.headerJson) as CheckpointHeader,
      state: row.stateJson === null ? undefined : JSON.parse(row.stateJson),
      saves: row.saves,
    };
  }

  async initialize(header: CheckpointHeader): Promise<void> {
    guardStore(this.runDir, () => this.statements.create.run(JSON.stringify(header)));
  }

  async save(commit: {
    readonly state: unknown;
    readonly records: readonly CheckpointRecord[];
  }): Promise<void> {
    const state = JSON.stringify(commit.state);
    const transaction = this.database.transaction(() => {
      // The model calls behind this state (answers and records) are saved with it, never after.
      flushDeferredWrites(this.database);
      const row = this.statements.read.get() as { saves: number } | undefined;
      if (row === undefined) throw new Error('SqliteCheckpointStore: initialize the run first');
      const save = row.saves + 1;
      this.statements.update.run(save, state);
      for (const record of commit.records) {
        this.statements.record.run(save, record.kind, record.step, JSON.stringify(record.data));
      }
    });
    guardStore(this.runDir, () => transaction());
  }

  async records(): Promise<CheckpointRecord[]> {
    return guardStore(this.runDir, () => readCheckpointRecords(this.database)).map((row) => ({
      kind: row.kind,
      step: row.step,
      data: JSON.parse(row.dataJson),
    }));
  }
}
