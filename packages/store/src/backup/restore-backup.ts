import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFileName } from '../open-run-database.js';
import { StoreError } from '../store-error.js';
import { type BackupInfo, readBackupInfo } from './backup-info.js';

/** What `restoreBackup` did. */
export interface RestoredBackup {
  /** The backup now in place. */
  readonly backup: BackupInfo;
  /** Where the replaced database files were moved (kept, never deleted). */
  readonly movedAside: readonly string[];
}

/**
 * Puts the backup of `runDir` in place of its database. The replaced `forge.db` and its WAL
 * files are moved aside (`forge.db.replaced-<time>`), never deleted; the backup itself stays. The
 * caller must hold the run's lease, so that no writer has the database open.
 */
export function restoreBackup(runDir: string, now: Date = new Date()): RestoredBackup {
  const backup = readBackupInfo(runDir);
  if (backup === undefined) {
    throw new StoreError({
      reason: 'no-backup',
      path: runDir,
      message: `${runDir} has no backup to restore (forge.backup.db); start a new run`,
    });
  }
  if (!backup.intact) {
    throw new StoreError({
      reason: 'corrupt',
      path: backup.path,
      message: `the backup ${backup.path} is damaged too (${backup.problem}); start a new run`,
    });
  }
  const database = join(runDir, databaseFileName);
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  const movedAside: string[] = [];
  // The WAL files go too: SQLite would replay a stale WAL onto the restored database.
  for (const suffix of ['', '-wal', '-shm']) {
    const file = `${database}${suffix}`;
    if (!existsSync(file)) continue;
    const aside = `${database}.replaced-${stamp}${suffix}`;
    renameSync(file, aside);
    movedAside.push(aside);
  }
  const temporary = `${database}.restoring`;
  copyFileSync(backup.path, temporary);
  const descriptor = openSync(temporary, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(temporary, database);
  return { backup, movedAside };
}
