import type { CallCache, CallCacheEntry } from './call-cache.js';

/**
 * A `CallCache` in memory, optionally bounded (least recently used entries are dropped first).
 * Entries are copied in and out, so a caller mutating a result cannot change the cache.
 */
export class MemoryCallCache implements CallCache {
  private readonly entries = new Map<string, CallCacheEntry>();
  private readonly maxEntries: number;

  constructor(options: { readonly maxEntries?: number } = {}) {
    this.maxEntries = options.maxEntries ?? Number.POSITIVE_INFINITY;
    if (!(this.maxEntries > 0)) {
      throw new RangeError(`MemoryCallCache: maxEntries must be positive, got ${this.maxEntries}`);
    }
  }

  /** Number of stored entries. */
  get size(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<CallCacheEntry | undefined> {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return structuredClone(entry);
  }

  async set(key: string, entry: CallCacheEntry): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, structuredClone(entry));
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Removes every entry. */
  clear(): void {
    this.entries.clear();
  }
}
