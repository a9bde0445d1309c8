import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSearch } from '@forge/core';
import { afterAll, describe, expect, it } from 'vitest';
import { toyRunOptions } from '../__fixtures__/toy-run.js';
import { openRunDatabase } from '../open-run-database.js';
import { SqliteRunStore } from '../sqlite-run-store.js';
import { StoreError } from '../store-error.js';
import { type BackupInfo, readBackupInfo } from './backup-info.js';
import { restoreBackup } from './restore-backup.js';
import { RunBackup } from './run-backup.js';

const root = mkdtempSync(join(tmpdir(), 'forge-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('RunBackup', () => {
  it('backs up at the first commit and then at most once per interval', async () => {
    const runDir = join(root, 'interval');
    let now = 0;
    const written: BackupInfo[] = [];
    const store = new SqliteRunStore(runDir, { backupIntervalMs: false });
    const backup = new RunBackup(store.database, {
      intervalMs: 1000,
      now: () => now,
      onWritten: (info) => written.push(info),
    });
    store.writeInstances('train', []);
    await runSearch(toyRunOptions({ store, maxSteps: 1 }));
    backup.afterCommit();
    await backup.settle();
    expect(written.map((info) => info.step)).toEqual([1]);
    await runSearch(toyRunOptions({ store, maxSteps: 3 }));
    now = 999;
    backup.afterCommit();
    await backup.settle();
    expect(written).toHaveLength(1);
    now = 1000;
    backup.afterCommit();
    await backup.settle();
    expect(written.map((info) => [info.step, info.intact])).toEqual([
      [1, true],
      [3, true],
    ]);
    store.close();
  });

  it('writes a checked, self-contained copy holding whole commits only, and no leftovers', async () => {
    const runDir = join(root, 'copy');
    const store = new SqliteRunStore(runDir, { backupIntervalMs: 0 });
    const result = await runSearch(toyRunOptions({ store, maxSteps: 4 }));
    await store.backup?.flush();
    store.close();
    const info = readBackupInfo(runDir);
    expect(info).toMatchObject({ step: result.steps, commits: 1 + result.steps, intact: true });
    expect(readdirSync(runDir).filter((name) => name.startsWith('forge.backup'))).toEqual([
      'forge.backup.db',
    ]);
  });

  it('keeps the previous backup when a new one fails, removing the partial copy', async () => {
    const runDir = join(root, 'failing');
    const failures: unknown[] = [];
    const store = new SqliteRunStore(runDir, {
      backupIntervalMs: 0,
      onBackupFailed: (error) => failures.push(error),
    });
    await runSearch(toyRunOptions({ store, maxSteps: 2 }));
    await store.backup?.settle();
    const before = readBackupInfo(runDir);
    // Closing the database mid-backup makes that backup fail.
    const pending = store.backup?.flush();
    store.close();
    await pending;
    expect(failures).toHaveLength(1);
    expect(readBackupInfo(runDir)).toEqual(before);
    expect(existsSync(join(runDir, 'forge.backup.db.partial'))).toBe(false);
  });
});

describe('restoreBackup', () => {
  it('replaces a damaged database by its backup, keeps the damaged one aside, and the run resumes to the uninterrupted result', async () => {
    const uninterrupted = await runSearch(toyRunOptions());
    const runDir = join(root, 'restore');
    const store = new SqliteRunStore(runDir, { backupIntervalMs: false });
    await runSearch(toyRunOptions({ store, maxSteps: 3 }));
    await new RunBackup(store.database).flush();
    await runSearch(toyRunOptions({ store, maxSteps: 6 }));
    store.close();
    const file = join(runDir, 'forge.db');
    truncateSync(file, Math.floor(statSync(file).size / 3));
    expect(() => openRunDatabase(runDir, { check: true })).toThrow('is damaged');

    const restored = restoreBackup(runDir, new Date('2026-12-03T12:00:00Z'));
    expect(restored.backup.step).toBe(3);
    expect(restored.movedAside).toContain(join(runDir, 'forge.db.replaced-20261203T120000000Z'));
    const database = openRunDatabase(runDir, { check: true });
    expect((database.prepare('SELECT count(*) AS n FROM steps').get() as { n: number }).n).toBe(3);
    database.close();

    const resumedStore = new SqliteRunStore(runDir, { backupIntervalMs: false });
    const resumed = await runSearch(toyRunOptions({ store: resumedStore }));
    resumedStore.close();
    expect(resumed.state).toEqual(uninterrupted.state);
  });

  it('refuses when there is no backup, or the backup is damaged too', async () => {
    const runDir = join(root, 'none');
    openRunDatabase(runDir).close();
    expect(() => restoreBackup(runDir)).toThrow(StoreError);
    expect(() => restoreBackup(runDir)).toThrow('has no backup');
    const store = new SqliteRunStore(runDir, { backupIntervalMs: false });
    await runSearch(toyRunOptions({ store, maxSteps: 2 }));
    await new RunBackup(store.database).flush();
    store.close();
    const backup = join(runDir, 'forge.backup.db');
    truncateSync(backup, Math.floor(statSync(backup).size / 2));
    expect(() => restoreBackup(runDir)).toThrow('is damaged too');
  });
});
