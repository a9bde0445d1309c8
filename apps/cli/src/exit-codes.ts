import {
  APICallError,
  ForgeError,
  InvalidArgumentError,
  LoadSettingError,
  RetryError,
} from '@forge/provider';

/**
 * The `forge` exit codes (documented in the README):
 * 0 success; 1 an unexpected internal error (a bug: please report it); 2 a usage, config or data
 * error the user can fix (the message names the file, line and field), a damaged run, or a run
 * another writer holds; 3 a model or server failure (after retries), or a disk that is full,
 * read-only or failing (the run is saved up to its last step); 128 + the signal for a run stopped
 * by a signal — 130 Ctrl-C (SIGINT), 143 SIGTERM, 129 SIGHUP — progress up to the last step is
 * saved and `--resume` continues.
 */
export const exitCodes = {
  success: 0,
  internal: 1,
  usage: 2,
  model: 3,
  hangup: 129,
  interrupted: 130,
  terminated: 143,
} as const;

/** The exit code of a run stopped by `signal`. */
export function exitCodeForSignal(signal: NodeJS.Signals): number {
  if (signal === 'SIGTERM') return exitCodes.terminated;
  if (signal === 'SIGHUP') return exitCodes.hangup;
  return exitCodes.interrupted;
}

/**
 * The exit code for an error (its causes are looked through: a model or disk failure wins). The
 * error classes of the packages above the provider are imported here, on the error path, so that
 * `forge --help` loads none of them.
 */
export async function exitCodeFor(error: unknown): Promise<number> {
  const [
    { RunMismatchError },
    { DatasetError },
    { ConfigError },
    { LeaseHeldError, LeaseLostError, StorageError, StoreError },
  ] = await Promise.all([
    import('@forge/core'),
    import('@forge/program'),
    import('@forge/sdk'),
    import('@forge/store'),
  ]);
  for (let cause = error, depth = 0; cause !== undefined && depth < 5; depth++) {
    if (StorageError.isInstance(cause)) return exitCodes.model;
    if (APICallError.isInstance(cause) || RetryError.isInstance(cause)) return exitCodes.model;
    cause = (cause as { cause?: unknown } | null)?.cause;
  }
  if (ForgeError.isInstance(error) && error.name === 'SuiteQueueError') {
    const { SuiteQueueError } = await import('@forge/queue');
    // Redis not answering is a server failure; a bad URL or an unknown suite is the user's to fix.
    if (SuiteQueueError.isInstance(error) && error.reason === 'unreachable') return exitCodes.model;
  }
  if (
    ConfigError.isInstance(error) ||
    InvalidArgumentError.isInstance(error) ||
    DatasetError.isInstance(error) ||
    RunMismatchError.isInstance(error) ||
    StoreError.isInstance(error) ||
    LeaseHeldError.isInstance(error) ||
    LeaseLostError.isInstance(error) ||
    LoadSettingError.isInstance(error) ||
    ForgeError.isInstance(error)
  ) {
    return exitCodes.usage;
  }
  if ((error as { code?: string } | undefined)?.code === 'commander.error') return exitCodes.usage;
  return exitCodes.internal;
}
