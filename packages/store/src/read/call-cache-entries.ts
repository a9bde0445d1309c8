import { flushDeferredWrites } from '../deferred-writes.js';
import type { RunDatabase } from '../open-run-database.js';

/** One answer in a run's response cache, as `call_cache` keeps it. */
export interface CallCacheEntryRecord {
  /** The call's cache key (`callCacheKey`: provider, model and request). */
  readonly key: string;
  /** The cached answer: JSON text of the provider's `CallCacheEntry`, secrets redacted. */
  readonly resultJson: string;
}

/**
 * Every answer in a run's response cache, in key order (answers still queued for writing are
 * written first, held ones excepted: they wait for the record of the call that paid for them).
 */
export function readCallCacheEntries(database: RunDatabase): CallCacheEntryRecord[] {
  if (!database.readonly) flushDeferredWrites(database);
  return database
    .prepare('SELECT key, result AS resultJson FROM call_cache ORDER BY key')
    .all() as CallCacheEntryRecord[];
}
