import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnsafePathError } from './unsafe-path-error.js';
import { writeFileSafely } from './write-file-safely.js';

// Another thread swaps a directory on the file's way for a link to a directory outside the run,
// and back, as fast as it can, while this one writes. Bounded: the swapper stops when told, after
// 10 s, or after 2,000,000 swaps; the writer writes 2,000 times.
const swapper = `
const { workerData } = require('node:worker_threads');
const { renameSync, symlinkSync, unlinkSync, rmSync } = require('node:fs');
const { exports, aside, outside, stop } = workerData;
const flag = new Int32Array(stop);
const deadline = Date.now() + 10_000;
const quietly = (action) => { try { action(); } catch {} };
// Each state (the real directory, the link) is held for about 50 µs, so a write that checks in
// one and writes in the other is likely.
const hold = () => { const until = process.hrtime.bigint() + 50_000n; while (process.hrtime.bigint() < until); };
for (let swaps = 0; swaps < 2_000_000 && Atomics.load(flag, 0) === 0 && Date.now() < deadline; swaps++) {
  quietly(() => renameSync(exports, aside));
  quietly(() => symlinkSync(outside, exports));
  hold();
  quietly(() => unlinkSync(exports));
  quietly(() => renameSync(aside, exports));
  hold();
}
// A directory the writer made in a gap, and the link, are cleared; the real one put back.
quietly(() => unlinkSync(exports));
quietly(() => rmSync(exports, { recursive: true, force: true }));
quietly(() => renameSync(aside, exports));
`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

describe('writeFileSafely while a parent directory is swapped for a link', () => {
  let root: string;
  beforeEach(() => {
    // On a memory file system where there is one: flushing costs nothing there, so the writes
    // come as densely as the swaps.
    root = mkdtempSync(
      join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'forge-safe-write-race-'),
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes no byte outside the run and leaves no temporary file', async () => {
    const runDir = join(root, 'run');
    const exports = join(runDir, 'exports');
    const outside = join(root, 'outside');
    mkdirSync(exports, { recursive: true });
    mkdirSync(outside);
    const stop = new SharedArrayBuffer(4);
    const thread = new Worker(swapper, {
      eval: true,
      workerData: { exports, aside: join(runDir, 'exports.aside'), outside, stop },
    });
    const finished = new Promise((resolve, reject) => {
      thread.once('exit', resolve);
      thread.once('error', reject);
    });
    const outcomes = { written: 0, refused: 0, vanished: 0 };
    try {
      // The swapper is running before the first write.
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (let index = 0; index < 2000; index++) {
        try {
          writeFileSafely(join(exports, `part-${index % 10}.json`), `{"index":${index}}\n`, {
            within: runDir,
          });
          outcomes.written++;
        } catch (error) {
          if (UnsafePathError.isInstance(error)) outcomes.refused++;
          // The directory was held open but renamed or removed on the way: nothing written.
          else if ((error as NodeJS.ErrnoException).code === 'ENOENT') outcomes.vanished++;
          else throw error;
        }
      }
    } finally {
      Atomics.store(new Int32Array(stop), 0, 1);
      await finished;
    }
    expect(outcomes.written + outcomes.refused + outcomes.vanished).toBe(2000);
    expect(outcomes.written).toBeGreaterThan(0);
    expect(filesUnder(outside)).toEqual([]);
    expect(filesUnder(root).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  }, 30_000);
});
