import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StorageError, type StorageErrorReason } from './storage-error.js';
import { StoreError } from './store-error.js';

/** The consistent copy of a run's database that `RunBackup` keeps. */
export const backupFileName = 'forge.backup.db';

const diskCodes: Record<string, StorageErrorReason> = {
  ENOSPC: 'disk-full',
  EDQUOT: 'disk-full',
  EFBIG: 'disk-full',
  SQLITE_FULL: 'disk-full',
  EROFS: 'read-only',
  EIO: 'io',
};

/**
 * Turns a failure met while using a run directory into the error a user can act on: a damaged
 * database (`SQLITE_CORRUPT`, `SQLITE_NOTADB`) becomes a `StoreError` of reason `corrupt` saying
 * how to check and restore the run; a full, read-only or failing disk becomes a `StorageError`.
 * Anything else is returned unchanged.
 */
export function storeFailure(
  error: unknown,
  runDir: string,
  path = runDir,
  options: StoreFailureOptions = {},
): unknown {
  if (StoreError.isInstance(error) || StorageError.isInstance(error)) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return error;
  const detail = (error as Error).message;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return damagedRunError(runDir, detail, error);
  }
  const reason =
    diskCodes[code] ??
    (code.startsWith('SQLITE_IOERR') ? 'io' : undefined) ??
    (code.startsWith('SQLITE_READONLY') ? 'read-only' : undefined);
  if (reason === undefined) return error;
  const remedy = reason === 'io' ? 'check the disk' : 'make room or make it writable';
  const what = {
    'disk-full': 'the disk is full',
    'read-only': 'the file system is read-only',
    io: 'the disk reported an I/O error',
  }[reason];
  return new StorageError({
    reason,
    path,
    code,
    message: `cannot write ${path}: ${what} (${code}: ${detail}). ${
      options.resumable === false
        ? `${remedy[0]?.toUpperCase()}${remedy.slice(1)}, then run the command again`
        : `The run is saved up to its last completed step; ${remedy}, then continue it with \`forge optimize --resume ${runDir}\``
    }`,
    cause: error,
  });
}

/** The error for a run whose database is damaged, telling the user what to do. */
export function damagedRunError(runDir: string, detail: string, cause?: unknown): StoreError {
  const file = join(runDir, 'forge.db');
  const backup = join(runDir, backupFileName);
  const remedy = existsSync(backup)
    ? `Its last good copy (${backupFileName}, written ${statSync(backup).mtime.toISOString()}) can replace it: run \`forge runs restore ${runDir}\`, then \`forge optimize --resume ${runDir}\`.`
    : 'There is no backup of it; start a new run.';
  return new StoreError({
    reason: 'corrupt',
    path: file,
    message: `${file} is damaged (${detail}). See what is wrong with \`forge runs check ${runDir}\`. ${remedy}`,
    cause,
  });
}

/** Options of `storeFailure` and `guardStore`. */
export interface StoreFailureOptions {
  /**
   * False when the failed write is not part of a run (a report written elsewhere): the message
   * says to run the command again instead of `--resume`. Default true.
   */
  readonly resumable?: boolean;
}

/** Runs `action`, turning the failures `storeFailure` knows into their clear errors. */
export function guardStore<T>(
  runDir: string,
  action: () => T,
  path = runDir,
  options: StoreFailureOptions = {},
): T {
  try {
    return action();
  } catch (error) {
    throw storeFailure(error, runDir, path, options);
  }
}
