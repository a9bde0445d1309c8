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
// of the event loop, or earlier, first thing in the run store's next commit, metadata write,
// checkpoint or synthesis-journal entry, or on close. A run killed in between loses the rows of
// the calls that finished in that last moment, and a resume re-pays those calls: as if they had
// still been in flight.
//
// Background-only writes (the call cache's answers) wait for the next turn of the event loop or
// close, never a save: a call's answer is cached (inside the recorder's layer) a few microtasks
// before its record is queued, and a save landing in between would otherwise write the answer
// without the record — a resume would then re-use a paid call nobody recorded. By the next turn
// every call's record is queued, so an answer is never written before its record.
const queues = new WeakMap<Database.Database, (() => void)[]>();
const backgroundQueues = new WeakMap<Database.Database, (() => void)[]>();
const scheduled = new WeakSet<Database.Database>();
// A batch written on its own turn of the event loop has no caller to fail: its error (a full
// disk, say) waits here and is thrown by the next flush, i.e. by the run store's next commit.
const failures = new WeakMap<Database.Database, unknown>();

/** Options of `deferWrite`. */
export interface DeferWriteOptions {
  /**
   * Written only by the batch on the next turn of the event loop or on close, never by a save's
   * flush (see above). Default false.
   */
  readonly backgroundOnly?: boolean;
}

/** Queues `write` for `database`; it runs inside the next batch's transaction. */
export function deferWrite(
  database: Database.Database,
  write: () => void,
  options: DeferWriteOptions = {},
): void {
  const map = options.backgroundOnly === true ? backgroundQueues : queues;
  let queue = map.get(database);
  if (queue === undefined) {
    queue = [];
    map.set(database, queue);
  }
  queue.push(write);
  if (scheduled.has(database)) return;
  scheduled.add(database);
  setImmediate(() => {
    scheduled.delete(database);
    try {
      flushDeferredWrites(database, { background: true });
    } catch (error) {
      failures.set(database, error);
    }
  });
}

/**
 * Runs every write queued for `database`, in order, in one transaction (with `background`, the
 * background-only writes too, after the others: the batch of a turn of the event loop and the
 * one on close). Throws the failure of an earlier batch that nobody has heard of yet, and a full
 * disk or damaged database as the `StorageError` or `StoreError` of `guardStore`.
 */
export function flushDeferredWrites(
  database: Database.Database,
  options: { readonly background?: boolean } = {},
): void {
  const failure = failures.get(database);
  if (failure !== undefined) {
    failures.delete(database);
    throw failure;
  }
  const queue = queues.get(database) ?? [];
  const background = options.background === true ? (backgroundQueues.get(database) ?? []) : [];
  if (queue.length === 0 && background.length === 0) return;
  queues.delete(database);
  if (options.background === true) backgroundQueues.delete(database);
  // A database closed behind the run store's back: nothing can be written any more.
  if (!database.open) return;
  try {
    guardStore(dirname(database.name), () =>
      database.transaction(() => {
        for (const write of queue) write();
        for (const write of background) write();
      })(),
    );
  } catch (error) {
    // Nothing of the batch was written: keep it, ahead of what was queued since, so the next
    // flush (the run store's next commit, or closing the database once there is room) tries it
    // again. Dropping it would lose the records of calls that were paid for.
    queues.set(database, [...queue, ...(queues.get(database) ?? [])]);
    if (background.length > 0) {
      backgroundQueues.set(database, [...background, ...(backgroundQueues.get(database) ?? [])]);
    }
    throw error;
  }
}
