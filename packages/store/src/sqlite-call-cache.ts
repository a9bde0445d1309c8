import { dirname } from 'node:path';
import type { CallCache, CallCacheEntry } from '@forge/provider';
import type { RunDatabase } from './open-run-database.js';
import { guardStore } from './store-failure.js';

/**
 * The provider `CallCache` in a run's database: a resumed run finds the answers to the calls it
 * already paid for (including those of a step that was cut short), so it re-pays at most the
 * calls that were in flight when it stopped. A full disk or a damaged database fails the call
 * with a `StorageError` or `StoreError`, never a bare SQLite error.
 */
export class SqliteCallCache implements CallCache {
  private readonly read;
  private readonly write;
  private readonly runDir: string;

  constructor(database: RunDatabase) {
    this.runDir = dirname(database.name);
    this.read = database.prepare('SELECT result FROM call_cache WHERE key = ?');
    this.write = database.prepare(
      'INSERT INTO call_cache (key, result, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET result = excluded.result',
    );
  }

  async get(key: string): Promise<CallCacheEntry | undefined> {
    const row = guardStore(this.runDir, () => this.read.get(key)) as { result: string } | undefined;
    return row === undefined ? undefined : (JSON.parse(row.result) as CallCacheEntry);
  }

  async set(key: string, entry: CallCacheEntry): Promise<void> {
    guardStore(this.runDir, () =>
      this.write.run(key, JSON.stringify(entry), new Date(entry.storedAt).toISOString()),
    );
  }
}
