import type { GenerateResult } from '../language-model/generate-result.js';

/** One stored response. Plain JSON data, so any store can persist it as is. */
export interface CallCacheEntry {
  /** The result as the provider returned it, without `cached` (and without `costUsd`). */
  readonly result: GenerateResult;
  /** Provider that produced it. */
  readonly provider: string;
  /** Model that produced it. */
  readonly modelId: string;
  /** When it was stored, in milliseconds since the epoch. */
  readonly storedAt: number;
}

/**
 * A content-addressed store of model responses, keyed by `callCacheKey`. Implementations:
 * `MemoryCallCache` here; a persistent store lives in `@forge/store`. Only successful results
 * are ever written.
 */
export interface CallCache {
  /** The entry stored under `key`, if any. */
  get(key: string): Promise<CallCacheEntry | undefined>;
  /** Stores `entry` under `key`, replacing any previous entry. */
  set(key: string, entry: CallCacheEntry): Promise<void>;
}
