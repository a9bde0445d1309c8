import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callCacheKey, type RecordedCall } from '@forge/provider';
import type { AttemptRecord } from '@forge/synth';
import { afterAll, describe, expect, it } from 'vitest';
import { deferWrite } from './deferred-writes.js';
import { openRunDatabase, type RunDatabase } from './open-run-database.js';
import { SqliteCallCache } from './sqlite-call-cache.js';
import { SqliteCallRecorder } from './sqlite-call-recorder.js';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store.js';
import { SqliteRunStore } from './sqlite-run-store.js';
import { SqliteSynthesisJournal } from './sqlite-synthesis-journal.js';

const root = mkdtempSync(join(tmpdir(), 'forge-deferred-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const call = (role: string): RecordedCall => ({
  sequence: 0,
  sampleIndex: 0,
  startedAt: Date.now(),
  role,
  provider: 'test',
  modelId: 'model',
  durationMs: 1,
  request: { messages: [{ role: 'user', content: role }] },
  result: {
    text: role,
    toolCalls: [],
    finishReason: 'stop',
    usage: { inputTokens: 1, outputTokens: 1 },
  },
});
const roles = (database: RunDatabase) =>
  (database.prepare('SELECT role FROM model_calls ORDER BY seq').all() as { role: string }[]).map(
    (row) => row.role,
  );
const header = {
  formatVersion: 1 as const,
  seed: 0,
  minibatchSize: 1,
  modules: ['m'],
  seedPrompts: { m: '' },
  trainingIds: ['t'],
  validationIds: ['v'],
  settings: {},
};

describe('batched writes of the call cache and the call recorder', () => {
  it('writes the calls of one turn of the event loop together, in order', async () => {
    const database = openRunDatabase(join(root, 'turn'));
    const recorder = new SqliteCallRecorder(database);
    recorder.record(call('a'));
    recorder.record(call('b'));
    await new Promise((resolve) => setImmediate(resolve));
    recorder.record(call('c'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(roles(database)).toEqual(['a', 'b', 'c']);
    database.close();
  });

  it('never lets a run store set metadata or close ahead of the calls recorded before', async () => {
    const store = new SqliteRunStore(join(root, 'store'));
    const recorder = new SqliteCallRecorder(store.database);
    await store.initialize(header);
    recorder.record(call('before-meta'));
    store.setMeta('status', 'running');
    expect(roles(store.database)).toEqual(['before-meta']);
    recorder.record(call('before-close'));
    store.close();
    const reopened = openRunDatabase(join(root, 'store'));
    expect(roles(reopened)).toEqual(['before-meta', 'before-close']);
    reopened.close();
  });

  it('answers a cached call at once, and writes it before the run store writes anything else', async () => {
    const store = new SqliteRunStore(join(root, 'cache'));
    const cache = new SqliteCallCache(store.database);
    const entry = { result: call('x').result, storedAt: Date.now() } as Parameters<
      SqliteCallCache['set']
    >[1];
    await cache.set('key', entry);
    expect(await cache.get('key')).toEqual(entry);
    const rows = () =>
      (store.database.prepare('SELECT count(*) AS n FROM call_cache').get() as { n: number }).n;
    await store.initialize(header);
    store.setMeta('status', 'running');
    expect(rows()).toBe(1);
    store.close();
  });

  it('saves a cached answer only with the record of the call that paid for it, whatever commits in between', async () => {
    const runDir = join(root, 'held');
    const store = new SqliteRunStore(runDir);
    await store.initialize(header);
    const cache = new SqliteCallCache(store.database, { holdUntilRecorded: true });
    const recorder = new SqliteCallRecorder(store.database, { releaseCachedAnswers: true });
    const paid = call('paid');
    const entry = { result: paid.result, storedAt: Date.now() } as Parameters<
      SqliteCallCache['set']
    >[1];
    const cacheRows = () =>
      (store.database.prepare('SELECT count(*) AS n FROM call_cache').get() as { n: number }).n;
    // The cache layer stores the answer; another chain commits before the recorder hears of it.
    await cache.set(callCacheKey(paid, paid.request), entry);
    await cache.set('no record ever comes', entry);
    store.setMeta('status', 'running');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cacheRows()).toBe(0);
    expect(roles(store.database)).toEqual([]);
    // Meanwhile the answer is served from memory.
    expect(await cache.get(callCacheKey(paid, paid.request))).toEqual(entry);
    // An answer that is no call's is not released by another call's record.
    recorder.record(call('other'));
    store.setMeta('status', 'running');
    expect(cacheRows()).toBe(0);
    recorder.record(paid);
    store.setMeta('status', 'running');
    expect(roles(store.database)).toEqual(['other', 'paid']);
    expect(cacheRows()).toBe(1);
    // Closing writes whatever is still held.
    store.close();
    const reopened = openRunDatabase(runDir);
    expect(
      (reopened.prepare('SELECT count(*) AS n FROM call_cache').get() as { n: number }).n,
    ).toBe(2);
    reopened.close();
  });

  it('fails the next commit with a clear StorageError when a background batch met a full disk, and writes the batch once there is room', async () => {
    const store = new SqliteRunStore(join(root, 'full'));
    const recorder = new SqliteCallRecorder(store.database);
    recorder.record(call('kept'));
    let diskFull = true;
    deferWrite(store.database, () => {
      if (diskFull) {
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      }
    });
    await new Promise((resolve) => setImmediate(resolve));
    let failure: unknown;
    try {
      store.setMeta('status', 'running');
    } catch (error) {
      failure = error;
    }
    expect((failure as Error).name).toBe('StorageError');
    expect((failure as Error).message).toContain('the disk is full');
    // The failed batch was rolled back as a whole, and kept: the record of a paid call is never
    // dropped. While the disk stays full every commit fails; once it has room the batch is
    // written first, ahead of the calls recorded since.
    expect(roles(store.database)).toEqual([]);
    recorder.record(call('after'));
    expect(() => store.setMeta('status', 'running')).toThrow(/the disk is full/);
    expect(roles(store.database)).toEqual([]);
    diskFull = false;
    store.setMeta('status', 'running');
    expect(roles(store.database)).toEqual(['kept', 'after']);
    store.close();
  });

  it('never lets a checkpoint save or a synthesis journal entry be written ahead of the calls behind it', async () => {
    const database = openRunDatabase(join(root, 'journal'));
    const recorder = new SqliteCallRecorder(database);
    const checkpoints = new SqliteCheckpointStore(database);
    await checkpoints.initialize({ method: 'test', formatVersion: 1 } as unknown as Parameters<
      SqliteCheckpointStore['initialize']
    >[0]);
    recorder.record(call('before-save'));
    await checkpoints.save({ state: { step: 1 }, records: [] });
    expect(roles(database)).toEqual(['before-save']);
    recorder.record(call('before-journal'));
    const attempt = { event: 0, slot: 3 } as unknown as AttemptRecord;
    await new SqliteSynthesisJournal(database).put(attempt);
    expect(roles(database)).toEqual(['before-save', 'before-journal']);
    database.close();
  });
});
