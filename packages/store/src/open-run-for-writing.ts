import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupInfo } from './backup/backup-info.js';
import { RunBackup } from './backup/run-backup.js';
import { type AcquireLeaseOptions, acquireLease, type FileLease } from './lease/file-lease.js';
import {
  databaseFileName,
  openRunDatabase,
  prepareWritableDirectory,
  type RunDatabase,
} from './open-run-database.js';

/** The lease file of a run directory: whoever holds it is the run's one writer. */
export const leaseFileName = 'forge.lock';

/** A run opened by its one writer. */
export interface RunWriter {
  /** The open database. */
  readonly database: RunDatabase;
  /** The run's lease, held until `release()`. */
  readonly lease: FileLease;
}

/**
 * Opens a run directory for writing: checks that it can be written, takes its lease (a second
 * writer gets `LeaseHeldError` at once, naming the holder; a dead holder's lease is taken over),
 * and opens the database — checking an existing one's integrity first, so that a damaged run is
 * reported before anything is added to it.
 */
export function openRunForWriting(
  runDir: string,
  options: { readonly description: string; readonly lease?: Partial<AcquireLeaseOptions> },
): RunWriter {
  prepareWritableDirectory(runDir);
  const lease = acquireLease(join(runDir, leaseFileName), {
    subject: `the run directory ${runDir}`,
    advice:
      'A run has one writer at a time: wait for it to finish, or stop it (a writer that has died is replaced automatically).',
    ...options.lease,
    description: options.description,
  });
  try {
    const existed = existsSync(join(runDir, databaseFileName));
    return { database: openRunDatabase(runDir, { check: existed }), lease };
  } catch (error) {
    lease.release();
    throw error;
  }
}

/** How the run's writer opens it: who it is, its lease, its backups. */
export interface RunWriterOptions {
  /** What takes the run's lease, in words (others see it when refused). Default `forge`. */
  readonly writer?: string;
  /** Lease settings (time to live, heartbeat; tests pose as other machines). */
  readonly lease?: Partial<AcquireLeaseOptions>;
  /** Least time between two backups of the database, in ms, or `false` for none. Default 60000. */
  readonly backupIntervalMs?: number | false;
  /** Hears every backup written. */
  readonly onBackupWritten?: (info: BackupInfo, durationMs: number) => void;
  /** Hears a backup that failed (the run goes on; the previous backup is kept). */
  readonly onBackupFailed?: (error: unknown) => void;
}

/** `openRunForWriting` plus the backup keeper the options ask for. */
export function openRunWriter(
  runDir: string,
  options: RunWriterOptions,
): RunWriter & { readonly backup: RunBackup | undefined } {
  const writer = openRunForWriting(runDir, {
    description: options.writer ?? 'forge',
    ...(options.lease === undefined ? {} : { lease: options.lease }),
  });
  const backup =
    options.backupIntervalMs === false
      ? undefined
      : new RunBackup(writer.database, {
          ...(options.backupIntervalMs === undefined
            ? {}
            : { intervalMs: options.backupIntervalMs }),
          ...(options.onBackupWritten === undefined ? {} : { onWritten: options.onBackupWritten }),
          ...(options.onBackupFailed === undefined ? {} : { onFailed: options.onBackupFailed }),
        });
  return { ...writer, backup };
}
