import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunDatabase } from './open-run-database.js';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store.js';

const root = mkdtempSync(join(tmpdir(), 'forge-checkpoints-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const header = { method: 'gepa', formatVersion: 1, identity: { seed: 0, modules: ['a'] } };

describe('SqliteCheckpointStore', () => {
  it('holds nothing before initialize, then the header with no state', async () => {
    const store = new SqliteCheckpointStore(openRunDatabase(join(root, 'empty')));
    expect(await store.load()).toBeUndefined();
    await store.initialize(header);
    expect(await store.load()).toEqual({ header, state: undefined, saves: 0 });
    expect(await store.records()).toEqual([]);
  });

  it('keeps the latest state and every record across reopening the database', async () => {
    const runDir = join(root, 'run');
    const first = openRunDatabase(runDir);
    const store = new SqliteCheckpointStore(first);
    await store.initialize(header);
    await store.save({
      state: { iteration: 1, pool: [{ a: 'x' }] },
      records: [{ kind: 'candidate', step: null, data: { index: 0 } }],
    });
    await store.save({
      state: { iteration: 2, pool: [{ a: 'x' }, { a: 'y' }] },
      records: [
        { kind: 'iteration', step: 1, data: { accepted: true } },
        { kind: 'candidate', step: 1, data: { index: 1, parents: [0] } },
      ],
    });
    first.close();
    const reopened = new SqliteCheckpointStore(openRunDatabase(runDir));
    expect(await reopened.load()).toEqual({
      header,
      state: { iteration: 2, pool: [{ a: 'x' }, { a: 'y' }] },
      saves: 2,
    });
    expect(await reopened.records()).toEqual([
      { kind: 'candidate', step: null, data: { index: 0 } },
      { kind: 'iteration', step: 1, data: { accepted: true } },
      { kind: 'candidate', step: 1, data: { index: 1, parents: [0] } },
    ]);
  });

  it('saves all of a commit or none of it', async () => {
    const store = new SqliteCheckpointStore(openRunDatabase(join(root, 'atomic')));
    await store.initialize(header);
    await store.save({ state: { iteration: 1 }, records: [] });
    const circular: Record<string, unknown> = {};
    circular['self'] = circular;
    await expect(
      store.save({
        state: { iteration: 2 },
        records: [
          { kind: 'ok', step: 2, data: 1 },
          { kind: 'broken', step: 2, data: circular },
        ],
      }),
    ).rejects.toThrow();
    expect(await store.load()).toMatchObject({ state: { iteration: 1 }, saves: 1 });
    expect(await store.records()).toEqual([]);
  });

  it('refuses to save before initialize', async () => {
    const store = new SqliteCheckpointStore(openRunDatabase(join(root, 'uninitialized')));
    await expect(store.save({ state: {}, records: [] })).rejects.toThrow(/initialize/);
  });
});
