import { realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { quoteUntrusted } from '@forge/suite';
import { SuiteQueueError } from './queue-error.js';

/** The suite directories a worker may run: each given directory and the suites below it. */
export interface SuiteDirAllowList {
  /** The allowed directories, resolved to their real paths. */
  readonly dirs: readonly string[];
  /**
   * Checks a suite directory named by a queue record: its real path (symbolic links resolved)
   * must be an allowed directory or lie below one. Returns the real path, or why not.
   */
  check(dir: string): { readonly dir: string } | { readonly refused: string };
}

/**
 * The allow-list of `forge worker --suite-dir`. Every directory must exist here; none given is
 * refused, since a worker that obeys any directory Redis names runs whatever its writer wants.
 *
 * @throws SuiteQueueError (`suite-dir`) naming the directory, or asking for one.
 */
export function suiteDirAllowList(
  dirs: readonly string[],
  field = '--suite-dir',
): SuiteDirAllowList {
  if (dirs.length === 0) {
    throw new SuiteQueueError({
      reason: 'suite-dir',
      queue: '',
      message: `${field}: name the suite directories this worker may run (repeat the flag for several; a directory also allows the suites below it); a worker never runs a directory only Redis names`,
    });
  }
  const real = dirs.map((dir) => {
    const absolute = resolve(dir);
    try {
      const path = realpathSync(absolute);
      if (!statSync(path).isDirectory()) throw new Error('not a directory');
      return path;
    } catch (error) {
      throw new SuiteQueueError({
        reason: 'suite-dir',
        queue: '',
        message: `${field}: ${absolute} is not a directory here (${(error as Error).message.split(',')[0]}); mount the shared suites at the same path on every machine`,
        cause: error,
      });
    }
  });
  return {
    dirs: real,
    check(dir) {
      let path: string;
      try {
        path = realpathSync(dir);
      } catch {
        return {
          refused: `the suite directory ${quoteUntrusted(dir)} does not exist on this machine`,
        };
      }
      const allowed = real.some(
        (root) => path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`),
      );
      if (allowed) return { dir: path };
      return {
        refused: `the suite directory ${quoteUntrusted(dir)} is not one this worker was started for (${real.join(', ')}); allow it with --suite-dir`,
      };
    },
  };
}
