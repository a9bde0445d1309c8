import { APICallError, ForgeError, RetryError } from '@forge/provider';
import { StorageError } from '@forge/store';

/**
 * What kind of failure an error is, for a caller that maps failures to exit codes or retries:
 * - `external`: a model or server that kept failing after retries, a queue server that does not
 *   answer, or a disk that is full, read-only or failing — nothing the user's input did wrong;
 *   the run is saved up to its last step;
 * - `user`: a usage, config or data error the user can fix (the message names the file, line and
 *   field), a damaged run, or a run another writer holds;
 * - `internal`: anything else — a bug in Forge.
 */
export type ErrorKind = 'external' | 'user' | 'internal';

// How many causes deep a model or disk failure is looked for.
const causeDepth = 5;

/**
 * Classifies an error thrown by any sdk function. A model or disk failure anywhere in the first
 * five causes wins (a `ConfigError` wrapping a full disk is still a full disk). Async because the
 * queue's error class is loaded only when the error came from a queue.
 */
export async function errorKind(error: unknown): Promise<ErrorKind> {
  for (let cause = error, depth = 0; cause !== undefined && depth < causeDepth; depth++) {
    if (StorageError.isInstance(cause)) return 'external';
    if (APICallError.isInstance(cause) || RetryError.isInstance(cause)) return 'external';
    cause = (cause as { cause?: unknown } | null)?.cause;
  }
  if (ForgeError.isInstance(error) && error.name === 'SuiteQueueError') {
    const { SuiteQueueError } = await import('@forge/queue');
    // Redis not answering is a server failure; a bad URL or an unknown suite is the user's to fix.
    if (SuiteQueueError.isInstance(error) && error.reason === 'unreachable') return 'external';
  }
  // Every error class Forge throws on purpose is a ForgeError: `ConfigError`, `DatasetError`,
  // `InvalidArgumentError`, `LoadSettingError`, `RunMismatchError`, `StoreError` (a damaged run),
  // `LeaseHeldError`/`LeaseLostError` (another writer) and the rest name what to fix.
  return ForgeError.isInstance(error) ? 'user' : 'internal';
}
