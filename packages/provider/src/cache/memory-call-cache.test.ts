import { describe, expect, it } from 'vitest';
import type { CallCacheEntry } from './call-cache.js';
import { MemoryCallCache } from './memory-call-cache.js';

function entry(text: string): CallCacheEntry {
  return {
    result: {
      text,
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 1, outputTokens: 1 },
    },
    provider: 'p',
    modelId: 'm',
    storedAt: 0,
  };
}

describe('MemoryCallCache', () => {
  it('stores copies, so callers cannot change what is cached', async () => {
    const cache = new MemoryCallCache();
    const stored = entry('a');
    await cache.set('k', stored);
    (stored.result as { text: string }).text = 'changed';
    const read = await cache.get('k');
    expect(read?.result.text).toBe('a');
    (read?.result as { text: string }).text = 'changed again';
    expect((await cache.get('k'))?.result.text).toBe('a');
    expect(await cache.get('missing')).toBeUndefined();
  });

  it('drops the least recently used entry past maxEntries', async () => {
    const cache = new MemoryCallCache({ maxEntries: 2 });
    await cache.set('a', entry('a'));
    await cache.set('b', entry('b'));
    await cache.get('a');
    await cache.set('c', entry('c'));
    expect(await cache.get('b')).toBeUndefined();
    expect((await cache.get('a'))?.result.text).toBe('a');
    expect(cache.size).toBe(2);
  });
});
