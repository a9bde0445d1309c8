import { ForgeError } from '@forge/provider';

const name = 'StorageError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** Why a write to the file system failed. */
export type StorageErrorReason = 'disk-full' | 'read-only' | 'io';

/**
 * The file system refused a write in the middle of a run: the disk is full (ENOSPC, EDQUOT,
 * SQLITE_FULL), it became read-only (EROFS, SQLITE_READONLY) or it failed (EIO, SQLITE_IOERR).
 * Nothing half-written is kept: the run's database holds its last whole step, and once the
 * problem is fixed the run continues from there.
 */
export class StorageError extends ForgeError {
  protected readonly [symbol] = true;
  /** What went wrong. */
  readonly reason: StorageErrorReason;
  /** The file or directory being written. */
  readonly path: string;
  /** The system's error code (`ENOSPC`, `SQLITE_FULL`, …). */
  readonly code: string;

  constructor(options: {
    reason: StorageErrorReason;
    path: string;
    code: string;
    message: string;
    cause?: unknown;
  }) {
    super({ name, message: options.message, cause: options.cause });
    this.reason = options.reason;
    this.path = options.path;
    this.code = options.code;
  }

  static override isInstance(error: unknown): error is StorageError {
    return ForgeError.hasMarker(error, marker);
  }
}
