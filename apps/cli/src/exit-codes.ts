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
 * The exit code for an error: the sdk says what kind of failure it is (a model, server or disk
 * failure wins over what wraps it), the CLI maps the kind to a code. The sdk is imported here, on
 * the error path, so that `forge --help` loads none of it.
 */
export async function exitCodeFor(error: unknown): Promise<number> {
  if ((error as { code?: string } | undefined)?.code === 'commander.error') return exitCodes.usage;
  const { errorKind } = await import('@forge/sdk');
  const kind = await errorKind(error);
  if (kind === 'external') return exitCodes.model;
  return kind === 'user' ? exitCodes.usage : exitCodes.internal;
}
