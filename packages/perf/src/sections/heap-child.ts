import { MemoryRunStore, type RunCommit, type RunStore, runSearch } from '@forge/core';
import { SqliteRunStore } from '@forge/store';
import {
  createWorkload,
  stopAtCandidates,
  workloadSearchOptions,
} from '../workload/substitution-workload.js';
import { liveHeapMegabytes } from './collect-garbage.js';

// One heap measurement in a process of its own (started by `heap-growth.ts`), so that nothing
// an earlier measurement left for the collector counts against this one. Usage:
//   heap-child <memory|sqlite> <candidates> <samplePoints> [runDir]
// It prints one JSON line: the samples, and for SQLite the time of every append.

/** What the child prints. */
export interface HeapChildResult {
  /** [pool size, live heap growth in MB] samples. */
  readonly samples: readonly (readonly [number, number])[];
  /** Live heap growth at the end, with the run and its store still referenced. */
  readonly finalMegabytes: number;
  /** Pool size and steps at the end. */
  readonly candidates: number;
  readonly steps: number;
  /** Milliseconds of each `append` (SQLite only). */
  readonly appendMs: readonly number[];
}

class TimedSqliteRunStore extends SqliteRunStore {
  readonly durations: number[] = [];
  override async append(commit: RunCommit): Promise<void> {
    const started = performance.now();
    await super.append(commit);
    this.durations.push(performance.now() - started);
  }
}

async function main(): Promise<void> {
  const [kind, candidatesText, pointsText, runDir] = process.argv.slice(2);
  const candidates = Number(candidatesText);
  const every = Math.max(1, Math.floor(candidates / Number(pointsText)));
  // Warm the code paths up first, so that compiled code is not counted as the run's data.
  await runSearch({
    ...workloadSearchOptions(createWorkload()),
    stopRules: [stopAtCandidates(Math.min(candidates, 20))],
  });
  const baseline = liveHeapMegabytes();
  const timed = kind === 'sqlite' ? new TimedSqliteRunStore(runDir ?? '') : undefined;
  const store: RunStore = timed ?? new MemoryRunStore();
  const samples: [number, number][] = [];
  let nextSample = every;
  const result = await runSearch({
    ...workloadSearchOptions(createWorkload()),
    store,
    stopRules: [stopAtCandidates(candidates)],
    onEvent: (event) => {
      if (event.type === 'step-end' && event.candidates >= nextSample) {
        samples.push([event.candidates, liveHeapMegabytes() - baseline]);
        nextSample += every;
      }
    },
  });
  const finalMegabytes = liveHeapMegabytes() - baseline;
  timed?.close();
  const output: HeapChildResult = {
    samples,
    finalMegabytes,
    candidates: result.state.candidates.length,
    steps: result.steps,
    appendMs: timed?.durations ?? [],
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

await main();
