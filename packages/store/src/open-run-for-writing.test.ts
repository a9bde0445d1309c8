import { copyFileSync, mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSearch } from '@forge/core';
import { afterAll, describe, expect, it } from 'vitest';
import { toyRunOptions } from './__fixtures__/toy-run.js';
import { LeaseHeldError, LeaseLostError } from './lease/lease-error.js';
import { openRunDatabase } from './open-run-database.js';
import { SqliteRunStore } from './sqlite-run-store.js';
import { StoreError } from './store-error.js';

const root = mkdtempSync(join(tmpdir(), 'forge-writer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('one writer per run directory', () => {
  it('refuses a second writer at once, naming the first, and lets the next one in after close', async () => {
    const runDir = join(root, 'two-writers');
    const first = new SqliteRunStore(runDir, { writer: 'forge optimize', backupIntervalMs: false });
    await runSearch(toyRunOptions({ store: first, maxSteps: 2 }));
    const started = Date.now();
    const refusal = thrown(() => new SqliteRunStore(runDir, { writer: 'forge optimize --resume' }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(LeaseHeldError.isInstance(refusal)).toBe(true);
    expect((refusal as Error).message).toContain(`the run directory ${runDir} is in use`);
    expect((refusal as Error).message).toContain(`pid ${process.pid}`);
    expect((refusal as Error).message).toContain('(forge optimize)');
    first.close();
    const second = new SqliteRunStore(runDir, { backupIntervalMs: false });
    const resumed = await runSearch(toyRunOptions({ store: second }));
    second.close();
    expect(resumed.steps).toBeGreaterThan(2);
  });

  it('lets readers open the database while a writer holds it', async () => {
    const runDir = join(root, 'reader');
    const writer = new SqliteRunStore(runDir, { backupIntervalMs: false });
    await runSearch(toyRunOptions({ store: writer, maxSteps: 1 }));
    const reader = openRunDatabase(runDir, { readonly: true });
    expect((reader.prepare('SELECT count(*) AS n FROM steps').get() as { n: number }).n).toBe(1);
    reader.close();
    writer.close();
  });

  it('stops writing once the lease is lost', async () => {
    const runDir = join(root, 'lost');
    const store = new SqliteRunStore(runDir, {
      backupIntervalMs: false,
      lease: { heartbeatMs: false },
    });
    rmSync(join(runDir, 'forge.lock'));
    store.lease?.heartbeat();
    store.lease?.heartbeat();
    const error = await store
      .initialize({} as never)
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(LeaseLostError.isInstance(error)).toBe(true);
    expect(() => store.setMeta('status', 'x')).toThrow('lost its lease');
    store.close();
  });
});

describe('a damaged database', () => {
  it('is reported before anything is written, saying how to check and restore it', async () => {
    const runDir = join(root, 'damaged');
    const store = new SqliteRunStore(runDir, { backupIntervalMs: 0 });
    await runSearch(toyRunOptions({ store, maxSteps: 3 }));
    await store.backup?.settle();
    store.close();
    const file = join(runDir, 'forge.db');
    truncateSync(file, Math.floor(statSync(file).size / 2));
    const error = thrown(() => new SqliteRunStore(runDir));
    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as StoreError).reason).toBe('corrupt');
    const message = (error as Error).message;
    expect(message).toContain(`${file} is damaged`);
    expect(message).toContain(`forge runs check ${runDir}`);
    expect(message).toContain(`forge runs restore ${runDir}`);
    expect(message).not.toMatch(/SqliteError|\n\s+at /);
    // The lease was given back: the run can be repaired by the next command.
    expect(() => statSync(join(runDir, 'forge.lock'))).toThrow();
  });

  it('says so when there is no backup to restore', () => {
    const runDir = join(root, 'garbage');
    openRunDatabase(runDir).close();
    copyFileSync(new URL(import.meta.url).pathname, join(runDir, 'forge.db'));
    const error = thrown(() => openRunDatabase(runDir, { readonly: true }));
    expect((error as StoreError).reason).toBe('corrupt');
    expect((error as Error).message).toContain('There is no backup');
  });
});
