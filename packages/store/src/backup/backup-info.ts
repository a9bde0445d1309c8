import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { backupFileName } from '../store-failure.js';

/** What a run's backup holds. */
export interface BackupInfo {
  /** The backup file. */
  readonly path: string;
  /** When it was written (ISO 8601). */
  readonly takenAt: string;
  /** Completed steps it holds. */
  readonly step: number;
  /** Commits it holds (the seed evaluation, steps and synthesis events). */
  readonly commits: number;
  /** Evaluations spent at its last commit. */
  readonly evaluationsUsed: number;
  /** Its size in bytes. */
  readonly bytes: number;
  /** True when SQLite's quick integrity check passes on it. */
  readonly intact: boolean;
  /** What the check found when it failed. */
  readonly problem?: string;
}

/** Reads what the backup of `runDir` holds, or undefined when it has none. Never writes. */
export function readBackupInfo(runDir: string): BackupInfo | undefined {
  const path = join(runDir, backupFileName);
  if (!existsSync(path)) return undefined;
  const stat = statSync(path);
  const base = { path, takenAt: stat.mtime.toISOString(), bytes: stat.size };
  try {
    return { ...base, ...describeDatabase(path), intact: true };
  } catch (error) {
    return {
      ...base,
      step: 0,
      commits: 0,
      evaluationsUsed: 0,
      intact: false,
      problem: (error as Error).message,
    };
  }
}

/**
 * The progress a database file holds, after checking it: throws when SQLite's quick check does
 * not pass.
 */
export function describeDatabase(path: string): {
  step: number;
  commits: number;
  evaluationsUsed: number;
} {
  const database = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const check = database.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity check: ${String(check)}`);
    const last = database
      .prepare(
        'SELECT (SELECT count(*) FROM commits) AS commits, step, evaluations_used FROM commits ORDER BY commit_seq DESC LIMIT 1',
      )
      .get() as { commits: number; step: number; evaluations_used: number } | undefined;
    return {
      step: last?.step ?? 0,
      commits: last?.commits ?? 0,
      evaluationsUsed: last?.evaluations_used ?? 0,
    };
  } finally {
    database.close();
  }
}
