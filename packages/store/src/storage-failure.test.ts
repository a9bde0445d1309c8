import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSearch } from '@forge/core';
import { afterAll, describe, expect, it } from 'vitest';
import { toyRunOptions } from './__fixtures__/toy-run.js';
import { SqliteRunStore } from './sqlite-run-store.js';
import { StorageError } from './storage-error.js';
import type { StoreError } from './store-error.js';
import { storeFailure } from './store-failure.js';

const root = mkdtempSync(join(tmpdir(), 'forge-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('storeFailure', () => {
  it('turns full, read-only and failing disks into StorageError and damage into StoreError', () => {
    const cases: [unknown, string, string][] = [
      [sqliteError('SQLITE_FULL', 'database or disk is full'), 'StorageError', 'disk-full'],
      [sqliteError('ENOSPC', 'no space left on device'), 'StorageError', 'disk-full'],
      [sqliteError('EDQUOT', 'quota exceeded'), 'StorageError', 'disk-full'],
      [sqliteError('EROFS', 'read-only file system'), 'StorageError', 'read-only'],
      [sqliteError('SQLITE_READONLY_DBMOVED', 'moved'), 'StorageError', 'read-only'],
      [sqliteError('SQLITE_IOERR_WRITE', 'disk I/O error'), 'StorageError', 'io'],
      [sqliteError('EIO', 'i/o error'), 'StorageError', 'io'],
      [sqliteError('SQLITE_CORRUPT', 'database disk image is malformed'), 'StoreError', 'corrupt'],
      [sqliteError('SQLITE_NOTADB', 'file is not a database'), 'StoreError', 'corrupt'],
    ];
    for (const [error, name, reason] of cases) {
      const clear = storeFailure(error, '/runs/a', '/runs/a/forge.db') as StorageError | StoreError;
      expect([clear.name, clear.reason], String(error)).toEqual([name, reason]);
      expect(clear.message).toContain('/runs/a');
    }
    const full = storeFailure(cases[0]?.[0], '/runs/a', '/runs/a/forge.db') as StorageError;
    expect(full.message).toContain('the disk is full');
    expect(full.message).toContain('forge optimize --resume /runs/a');
    expect(full.code).toBe('SQLITE_FULL');
    const other = new Error('something else');
    expect(storeFailure(other, '/runs/a')).toBe(other);
    expect(storeFailure(sqliteError('SQLITE_CONSTRAINT', 'x'), '/runs/a')).not.toBeInstanceOf(
      StorageError,
    );
  });
});

describe('a disk that fills up in the middle of a run', () => {
  it('stops the run with StorageError, keeps every saved step, and resumes to the uninterrupted result', async () => {
    const uninterrupted = await runSearch(toyRunOptions());
    const disk = join(root, 'disk');
    mkdirSync(disk);
    const space = limitSpace(disk);
    try {
      const runDir = join(disk, 'run');
      const store = new SqliteRunStore(runDir, { backupIntervalMs: false });
      await runSearch(toyRunOptions({ store, maxSteps: 2 }));
      space.fill(store);
      const error = await runSearch(toyRunOptions({ store }))
        .then(() => undefined)
        .catch((caught: unknown) => caught);
      expect(StorageError.isInstance(error), String(error)).toBe(true);
      expect((error as StorageError).reason).toBe('disk-full');
      expect((error as Error).message).toContain(runDir);
      space.free(store);
      store.close();
      const reopened = new SqliteRunStore(runDir, { backupIntervalMs: false });
      const check = reopened.database.pragma('integrity_check', { simple: true });
      expect(check).toBe('ok');
      const resumed = await runSearch(toyRunOptions({ store: reopened }));
      reopened.close();
      expect(resumed.state).toEqual(uninterrupted.state);
    } finally {
      space.release();
    }
  });
});

/**
 * A small disk for `directory`: as root (here and in CI) a real 4 MB tmpfs filled up with a
 * file; otherwise SQLite's own page limit, which fails writes with the same SQLITE_FULL.
 */
function limitSpace(directory: string) {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', directory]);
  const filler = join(directory, 'filler');
  return {
    fill(store: SqliteRunStore) {
      if (!asRoot) {
        const pages = store.database.pragma('page_count', { simple: true }) as number;
        store.database.pragma(`max_page_count = ${pages}`);
        return;
      }
      fillFile(filler, 64 * 1024);
      // Smaller writes still fit in the last partial block: fill that too.
      fillFile(filler, 512);
    },
    free(store: SqliteRunStore) {
      if (!asRoot) store.database.pragma('max_page_count = 1073741823');
      rmSync(filler, { force: true });
    },
    release() {
      if (asRoot) execFileSync('umount', ['-l', directory]);
    },
  };
}

function fillFile(path: string, blockSize: number): void {
  const descriptor = openSync(path, 'a');
  const block = Buffer.alloc(blockSize, 1);
  try {
    for (;;) writeSync(descriptor, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(descriptor);
  }
}
