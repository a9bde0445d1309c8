import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | undefined;

/**
 * Runs a full garbage collection, so heap numbers are live data only. Without `--expose-gc` the
 * flag is set at run time and `gc` taken from a fresh context, where V8 then defines it.
 */
export function collectGarbage(): void {
  if (collector === undefined) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === 'function') collector = exposed;
    else {
      setFlagsFromString('--expose-gc');
      collector = runInNewContext('gc') as () => void;
    }
  }
  collector();
  collector();
}

/** Live heap in megabytes after a full collection. */
export function liveHeapMegabytes(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1e6;
}
