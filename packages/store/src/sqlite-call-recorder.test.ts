import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedCall } from '@forge/provider';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunDatabase, type RunDatabase } from './open-run-database.js';
import { SqliteCallRecorder } from './sqlite-call-recorder.js';
import { SqliteRunStore } from './sqlite-run-store.js';

const root = mkdtempSync(join(tmpdir(), 'forge-recorder-'));
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

describe('SqliteCallRecorder batches', () => {
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

  it('never lets a run store commit, set metadata or close ahead of the calls recorded before', async () => {
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
});
