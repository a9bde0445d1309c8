import { importOptional } from '../../optional/optional-package.js';

/**
 * `@forge/queue` (BullMQ and ioredis), loaded when a queued suite, a worker or a status is asked
 * for, so nothing else in the sdk loads it; not installed, it names the package to install.
 */
export function loadQueue(): Promise<typeof import('@forge/queue')> {
  return importOptional(
    { purpose: 'a suite on a queue', packageName: '@forge/queue', argument: 'queue' },
    () => import('@forge/queue'),
  );
}
