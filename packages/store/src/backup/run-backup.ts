import { closeSync, fsyncSync, openSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { RunDatabase } from '../open-run-database.js';
import { StoreError } from '../store-error.js';
import { backupFileName, storeFailure } from '../store-failure.js';
import type { BackupInfo } from './backup-info.js';

/** Options of `RunBackup`. */
export interface RunBackupOptions {
  /** Least time between two backups, in ms; 0 backs up after every commit. Default 60000. */
  readonly intervalMs?: number;
  /** The clock. Default `Date.now`. */
  readonly now?: () => number;
  /** Hears every backup written, with how long it took. */
  readonly onWritten?: (info: BackupInfo, durationMs: number) => void;
  /** Hears a backup that failed (the previous one is kept; the run goes on). */
  readonly onFailed?: (error: unknown) => void;
}

/**
 * Keeps a consistent copy of a run's database next to it (`forge.backup.db`), written with
 * SQLite's online backup API at most every `intervalMs`, at commit boundaries. The copy is
 * checked and then moved into place by a rename, so a crash or a full disk in the middle of a
 * backup never costs the last good one.
 */
export class RunBackup {
  private readonly database: RunDatabase;
  private readonly runDir: string;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly options: RunBackupOptions;
  private running: Promise<BackupInfo | undefined> | undefined;
  private lastStartedAt: number | undefined;

  constructor(database: RunDatabase, options: RunBackupOptions = {}) {
    this.database = database;
    this.runDir = dirname(database.name);
    this.intervalMs = options.intervalMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.options = options;
  }

  /** Starts a backup when the last one started at least `intervalMs` ago and none is running. */
  afterCommit(): void {
    if (this.running !== undefined) return;
    const now = this.now();
    if (this.lastStartedAt !== undefined && now - this.lastStartedAt < this.intervalMs) return;
    this.start();
  }

  /** Waits for a backup in progress, then writes one of the database as it is now. */
  async flush(): Promise<BackupInfo | undefined> {
    await this.settle();
    return this.start();
  }

  /** Waits for a backup in progress, if any. */
  async settle(): Promise<void> {
    await this.running;
  }

  private start(): Promise<BackupInfo | undefined> {
    const started = this.now();
    this.lastStartedAt = started;
    const running = writeBackup(this.database, this.runDir).then(
      (info) => {
        this.options.onWritten?.(info, this.now() - started);
        return info;
      },
      (error: unknown) => {
        this.options.onFailed?.(error);
        return undefined;
      },
    );
    this.running = running;
    void running.finally(() => {
      if (this.running === running) this.running = undefined;
    });
    return running;
  }
}

/**
 * Writes one backup of `database` into its run directory: online backup to a temporary file,
 * quick integrity check, rollback-journal mode (a plain file, readable anywhere), fsync, rename.
 */
export async function writeBackup(database: RunDatabase, runDir: string): Promise<BackupInfo> {
  const target = join(runDir, backupFileName);
  const temporary = `${target}.partial`;
  removeWithJournals(temporary);
  try {
    await database.backup(temporary);
    const copy = new Database(temporary);
    let progress: { commits: number; step: number; evaluations_used: number } | undefined;
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') {
        throw new StoreError({
          reason: 'corrupt',
          path: join(runDir, 'forge.db'),
          message: `the run's database failed its integrity check while being backed up (${String(check)}); the last good backup is kept`,
        });
      }
      copy.pragma('journal_mode = DELETE');
      progress = copy
        .prepare(
          'SELECT (SELECT count(*) FROM commits) AS commits, step, evaluations_used FROM commits ORDER BY commit_seq DESC LIMIT 1',
        )
        .get() as typeof progress;
    } finally {
      copy.close();
    }
    syncFile(temporary);
    renameSync(temporary, target);
    syncFile(runDir);
    const stat = statSync(target);
    return {
      path: target,
      takenAt: stat.mtime.toISOString(),
      step: progress?.step ?? 0,
      commits: progress?.commits ?? 0,
      evaluationsUsed: progress?.evaluations_used ?? 0,
      bytes: stat.size,
      intact: true,
    };
  } catch (error) {
    // A partial copy only takes space, which a full disk needs back.
    removeWithJournals(temporary);
    throw storeFailure(error, runDir, target);
  }
}

function syncFile(path: string): void {
  const descriptor = openSync(path, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

function removeWithJournals(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    try {
      unlinkSync(file);
    } catch {
      // Not there.
    }
  }
}
