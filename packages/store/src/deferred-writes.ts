import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { guardStore } from './store-failure.js';

// The driver's handle type, not `RunDatabase`: opening a run database flushes these queues on
// close, so this file sits below `open-run-database.ts`.
//
// Writes that may wait a moment, by database. A validation pass finishes dozens of model calls
// at once; one transaction per call costs tens of microseconds each, on the run's critical path,
// while one transaction for all of them costs little more than one. So the call cache and the
// call recorder queue their rows here; the queue is written in one transaction on the next turn
// of the event loop, or earlier, first thing in the run store's next commit, metadata write or
// close. A run killed in between loses the rows of the calls that finished in that last moment,
// and a resume re-pays those calls: as if they had still been in flight.
const queues = new WeakMap<Database.Database, (() => void)[]>();
// A batch written on its own turn of the event loop has no caller to fail: its error (a full
// disk, say) waits here and is thrown by the next flush, i.e. by the run store's next commit.
const failures = new WeakMap<Database.Database, unknown>();
// Writes that must not be written before another one is queued: a cached answer waits here, by
// cache key, until the record of the call that paid for it is queued (`releaseHeldWrites`), so no
// commit can ever save the answer without the record. Written on close whatever happened.
const held = new WeakMap<Database.Database, Map<string, (() => void)[]>>();

/** Queues `write` for `database`; it runs inside the next batch's transaction. */
export function deferWrite(database: Database.Database, write: () => void): void {
  let queue = queues.get(database);
  if (queue === undefined) {
    queue = [];
    queues.set(database, queue);
  }
  queue.push(write);
  if (queue.length === 1) {
    setImmediate(() => {
      try {
        flushDeferredWrites(database);
      } catch (error) {
        failures.set(database, error);
      }
    });
  }
}

/**
 * Keeps `write` for `database` under `key` until `releaseHeldWrites(database, key)` queues it, or
 * the database closes.
 */
export function holdWrite(database: Database.Database, key: string, write: () => void): void {
  let byKey = held.get(database);
  if (byKey === undefined) {
    byKey = new Map();
    held.set(database, byKey);
  }
  const writes = byKey.get(key);
  if (writes === undefined) byKey.set(key, [write]);
  else writes.push(write);
}

/** Queues the writes held under `key`, behind everything queued so far. */
export function releaseHeldWrites(database: Database.Database, key: string): void {
  const byKey = held.get(database);
  const writes = byKey?.get(key);
  if (byKey === undefined || writes === undefined) return;
  byKey.delete(key);
  for (const write of writes) deferWrite(database, write);
}

/**
 * Runs every write queued for `database`, in order, in one transaction; with `held`, every held
 * write too (closing the database). Throws the failure of an earlier batch that nobody has heard
 * of yet, and a full disk or damaged database as the `StorageError` or `StoreError` of
 * `guardStore`.
 */
export function flushDeferredWrites(
  database: Database.Database,
  options: { readonly held?: boolean } = {},
): void {
  if (options.held === true) {
    for (const key of [...(held.get(database)?.keys() ?? [])]) releaseHeldWrites(database, key);
  }
  const failure = failures.get(database);
  if (failure !== undefined) {
    failures.delete(database);
    throw failure;
  }
  const queue = queues.get(database);
  if (queue === undefined || queue.length === 0) return;
  queues.delete(database);
  // A database closed behind the run store's back: nothing can be written any more.
  if (!database.open) return;
  try {
    guardStore(dirname(database.name), () =>
      database.transaction(() => {
        for (const write of queue) write();
      })(),
    );
  } catch (error) {
    // Nothing of the batch was written: keep it, ahead of what was queued since, so the next
    // flush (the run store's next commit, or closing the database once there is room) tries it
    // again. Dropping it would lose the records of calls that were paid for.
    queues.set(database, [...queue, ...(queues.get(database) ?? [])]);
    throw error;
  }
}
