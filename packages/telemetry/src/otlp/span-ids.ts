import { randomFillSync } from 'node:crypto';

// Span and trace ids come from a pool of random bytes filled 4 KiB at a time: one call into
// the operating system's generator serves 512 span ids, where a call per id cost a run a fifth
// of its telemetry time (profiled on the simulated world).
const poolSize = 4096;
const pool = Buffer.allocUnsafe(poolSize);
let used = poolSize;

/** A random id of `bytes` bytes as lower-case hex, never all zeros (OTLP's "no id"). */
export function randomId(bytes: 8 | 16): string {
  for (;;) {
    if (used + bytes > poolSize) {
      randomFillSync(pool);
      used = 0;
    }
    const id = pool.toString('hex', used, used + bytes);
    used += bytes;
    if (!allZeros(id)) return id;
  }
}

function allZeros(id: string): boolean {
  for (let index = 0; index < id.length; index++) if (id.charCodeAt(index) !== 48) return false;
  return true;
}
