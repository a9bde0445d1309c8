import { dirname } from 'node:path';
import { type CallCache, type CallCacheEntry, redactSecrets } from '@forge/provider';
import { deferWrite, holdWrite } from './deferred-writes.js';
import type { RunDatabase } from './open-run-database.js';
import { guardStore } from './store-failure.js';

/**
 * The provider `CallCache` in a run's database: a resumed run finds the answers to the calls it
 * already paid for (including those of a step that was cut short), so it re-pays at most the
 * calls that were in flight, or had just finished, when it stopped. Entries are written in
 * batches (see `deferWrite`), never after the run store's next commit; until then they are
 * answered from memory. A full disk or a damaged database fails the call (or the next commit)
 * with a `StorageError` or `StoreError`, never a bare SQLite error.
 *
 * An answer is stored redacted (`redactSecrets`): a server that echoes a key in a successful
 * answer leaves `[REDACTED]` in the database, never the key. This run reads the answer as it came
 * while it is in memory; a resumed run reads the redacted one — different only for an answer that
 * held a secret.
 */
export class SqliteCallCache implements CallCache {
  private readonly database: RunDatabase;
  private readonly read;
  private readonly write;
  private readonly runDir: string;
  private readonly unwritten = new Map<string, CallCacheEntry>();
  private readonly holdUntilRecorded: boolean;

  constructor(database: RunDatabase, options: { readonly holdUntilRecorded?: boolean } = {}) {
    this.database = database;
    this.holdUntilRecorded = options.holdUntilRecorded ?? false;
    this.runDir = dirname(database.name);
    this.read = database.prepare('SELECT result FROM call_cache WHERE key = ?');
    this.write = database.prepare(
      'INSERT INTO call_cache (key, result, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET result = excluded.result',
    );
  }

  async get(key: string): Promise<CallCacheEntry | undefined> {
    const pending = this.unwritten.get(key);
    if (pending !== undefined) return pending;
    const row = guardStore(this.runDir, () => this.read.get(key)) as { result: string } | undefined;
    return row === undefined ? undefined : (JSON.parse(row.result) as CallCacheEntry);
  }

  async set(key: string, entry: CallCacheEntry): Promise<void> {
    this.unwritten.set(key, entry);
    const text = redactSecrets(JSON.stringify(entry));
    const createdAt = new Date(entry.storedAt).toISOString();
    const write = () => {
      this.write.run(key, text, createdAt);
      if (this.unwritten.get(key) === entry) this.unwritten.delete(key);
    };
    if (this.holdUntilRecorded) holdWrite(this.database, key, write);
    else deferWrite(this.database, write);
  }
}
