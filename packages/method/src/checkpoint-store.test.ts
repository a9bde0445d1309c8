import { describe, expect, it } from 'vitest';
import { MemoryCheckpointStore } from './checkpoint-store.js';

describe('MemoryCheckpointStore', () => {
  it('returns copies, so a method mutating its state cannot change what was saved', async () => {
    const store = new MemoryCheckpointStore();
    await store.initialize({ method: 'm', formatVersion: 1, identity: {} });
    const state = { pool: [1] };
    await store.save({ state, records: [{ kind: 'k', step: 0, data: { n: 1 } }] });
    state.pool.push(2);
    const loaded = await store.load();
    expect(loaded?.state).toEqual({ pool: [1] });
    expect(loaded?.saves).toBe(1);
    (loaded?.state as { pool: number[] } | undefined)?.pool.push(3);
    expect((await store.load())?.state).toEqual({ pool: [1] });
  });

  it('refuses a second initialize and a save before initialize', async () => {
    const store = new MemoryCheckpointStore();
    await expect(store.save({ state: 1, records: [] })).rejects.toThrow(/initialize/);
    await store.initialize({ method: 'm', formatVersion: 1, identity: {} });
    await expect(store.initialize({ method: 'm', formatVersion: 1, identity: {} })).rejects.toThrow(
      /already/,
    );
  });
});
