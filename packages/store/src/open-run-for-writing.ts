import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
