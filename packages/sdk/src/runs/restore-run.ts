import { join } from 'node:path';
import { InvalidArgumentError } from '@forge/provider';
import {
  acquireLease,
  databaseFileName,
  describeDatabase,
  leaseFileName,
  prepareWritableDirectory,
  type RestoredBackup,
  readBackupInfo,
  restoreBackup,
  StoreError,
} from '@forge/store';

/**
 * Rolls a run back to its last good backup (`forge runs restore`): takes the run's lease (so no
 * writer is running), refuses to replace an intact database unless `force` is set, then puts the
 * backup in place and keeps the replaced files aside. `optimize --resume` continues from there to
 * the same result as an uninterrupted run.
 */
export function restoreRun(
  runDir: string,
  options: { readonly force?: boolean } = {},
): RestoredBackup {
  prepareWritableDirectory(runDir);
  const lease = acquireLease(join(runDir, leaseFileName), {
    description: 'forge runs restore',
    subject: `the run directory ${runDir}`,
    advice: 'Stop its writer before restoring the backup.',
    heartbeatMs: false,
  });
  try {
    const backup = readBackupInfo(runDir);
    if (backup === undefined) {
      throw new StoreError({
        reason: 'no-backup',
        path: runDir,
        message: `${runDir} has no backup to restore (forge.backup.db); start a new run`,
      });
    }
    if (!options.force) {
      const current = intactProgress(join(runDir, databaseFileName));
      if (current !== undefined) {
        throw new InvalidArgumentError({
          argument: 'force',
          message: `${join(runDir, databaseFileName)} is intact (step ${current.step}); restoring would roll it back to the backup's step ${backup.step}. Add --force to do it anyway`,
        });
      }
    }
    return restoreBackup(runDir);
  } finally {
    lease.release();
  }
}

function intactProgress(file: string): { step: number } | undefined {
  try {
    return describeDatabase(file);
  } catch {
    return undefined;
  }
}
