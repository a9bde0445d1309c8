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
 * error the user can fix (the message names the file, line and field); 3 a model or server
 * failure (after retries); 130 interrupted by Ctrl-C — progress up to the last step is saved and
 * `--resume` continues.
 */
export const exitCodes = { success: 0, internal: 1, usage: 2, model: 3, interrupted: 130 } as const;

/**
 * The exit code for an error. The error classes of the packages above the provider are imported
 * here, on the error path, so that `forge --help` loads none of them.
 */
export async function exitCodeFor(error: unknown): Promise<number> {
  const [{ RunMismatchError }, { DatasetError }, { ConfigError }, { StoreError }] =
    await Promise.all([
      import('@forge/core'),
      import('@forge/program'),
      import('@forge/sdk'),
      import('@forge/store'),
    ]);
  if (
    ConfigError.isInstance(error) ||
    InvalidArgumentError.isInstance(error) ||
    DatasetError.isInstance(error) ||
    RunMismatchError.isInstance(error) ||
    StoreError.isInstance(error) ||
    LoadSettingError.isInstance(error)
  ) {
    return exitCodes.usage;
  }
  if (APICallError.isInstance(error) || RetryError.isInstance(error)) return exitCodes.model;
  if (ForgeError.isInstance(error)) {
    const cause = (error as Error).cause;
    if (APICallError.isInstance(cause) || RetryError.isInstance(cause)) return exitCodes.model;
    return exitCodes.usage;
  }
  if ((error as { code?: string } | undefined)?.code === 'commander.error') return exitCodes.usage;
  return exitCodes.internal;
}
