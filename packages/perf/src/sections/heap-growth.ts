import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryRunStore, type RunCommit, type RunStore, runSearch } from '@forge/core';
import { SqliteRunStore } from '@forge/store';
import {
  createWorkload,
  stopAtCandidates,
  workloadSearchOptions,
} from '../workload/substitution-workload.js';
import { liveHeapMegabytes } from './collect-garbage.js';
import type { Timing } from './selection-cost.js';

/** Live heap growth of one run, sampled as its pool grows. */
export interface HeapSeries {
  /** `memory` (the default `MemoryRunStore`) or `sqlite` (`SqliteRunStore`, what the CLI uses). */
  readonly store: 'memory' | 'sqlite';
  /** [pool size, live heap growth in MB] samples. */
  readonly samples: readonly (readonly [candidates: number, megabytes: number])[];
  /** Live heap growth at the end of the run, with its state and store still referenced. */
  readonly finalMegabytes: number;
  /** Pool size at the end. */
  readonly candidates: number;
  /** Steps run. */
  readonly steps: number;
}

/** What the SQLite run measured about the store itself. */
export interface StoreCost {
  /** Commits written (one per step, plus the seed's). */
  readonly commits: number;
  /** Time of one `append` (one transaction per step). */
  readonly writePerStepMs: {
    readonly mean: number;
    readonly median: number;
    readonly p95: number;
    readonly max: number;
  };
  /** Database size (with its write-ahead log). */
  readonly databaseMegabytes: number;
  /** Reopening the run and replaying its log until the next step starts. */
  readonly resumeMs: Timing;
  /** Steps replayed on resume (the first sample's; each sample adds the one step it runs). */
  readonly stepsReplayed: number;
}

/** The section's result. */
export interface HeapGrowthResult {
  readonly memory: HeapSeries;
  readonly sqlite: HeapSeries;
  /** memory ÷ sqlite final growth: the target is ≤ 2. */
  readonly memoryToSqliteRatio: number;
  readonly store: StoreCost;
}

class TimedSqliteRunStore extends SqliteRunStore {
  readonly durations: number[] = [];
  override async append(commit: RunCommit): Promise<void> {
    const started = performance.now();
    await super.append(commit);
    this.durations.push(performance.now() - started);
  }
}

/**
 * Grows the workload's pool to `candidates` twice — with the in-memory store and with SQLite — and
 * samples the live heap; then times the SQLite store's writes and a resume of that run.
 */
export async function measureHeapGrowth(options: {
  readonly candidates: number;
  readonly samplePoints: number;
  readonly resumeSamples: number;
}): Promise<HeapGrowthResult> {
  const root = mkdtempSync(join(tmpdir(), 'forge-perf-'));
  try {
    const memory = await grow('memory', () => new MemoryRunStore(), options);
    const runDir = join(root, 'run');
    let timed: TimedSqliteRunStore | undefined;
    const sqlite = await grow(
      'sqlite',
      () => {
        timed = new TimedSqliteRunStore(runDir);
        return timed;
      },
      options,
    );
    const store = timed as TimedSqliteRunStore;
    store.close();
    const durations = [...store.durations].sort((left, right) => left - right);
    const at = (fraction: number) =>
      durations[Math.min(durations.length - 1, Math.floor(fraction * durations.length))] as number;
    const databaseMegabytes =
      (statSync(join(runDir, 'forge.db')).size +
        (statSync(join(runDir, 'forge.db-wal'), { throwIfNoEntry: false })?.size ?? 0)) /
      1e6;
    const resume = await measureResume(runDir, sqlite.steps, options.resumeSamples);
    return {
      memory,
      sqlite,
      memoryToSqliteRatio: memory.finalMegabytes / sqlite.finalMegabytes,
      store: {
        commits: durations.length,
        writePerStepMs: {
          mean: durations.reduce((total, value) => total + value, 0) / durations.length,
          median: at(0.5),
          p95: at(0.95),
          max: at(1),
        },
        databaseMegabytes,
        resumeMs: resume.timing,
        stepsReplayed: sqlite.steps,
      },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const held = new Set<RunStore>();

async function grow(
  kind: 'memory' | 'sqlite',
  createStore: () => RunStore,
  options: { readonly candidates: number; readonly samplePoints: number },
): Promise<HeapSeries> {
  const baseline = liveHeapMegabytes();
  const store = createStore();
  // Held until the final sample, so the store's contents count; nothing of the run is returned,
  // so the next measurement's baseline does not include it.
  held.add(store);
  const workload = createWorkload();
  const samples: [number, number][] = [];
  const every = Math.max(1, Math.floor(options.candidates / options.samplePoints));
  let nextSample = every;
  const result = await runSearch({
    ...workloadSearchOptions(workload),
    store,
    stopRules: [stopAtCandidates(options.candidates)],
    onEvent: (event) => {
      if (event.type === 'step-end' && event.candidates >= nextSample) {
        samples.push([event.candidates, liveHeapMegabytes() - baseline]);
        nextSample += every;
      }
    },
  });
  const finalMegabytes = liveHeapMegabytes() - baseline;
  held.delete(store);
  return {
    store: kind,
    samples,
    finalMegabytes,
    candidates: result.state.candidates.length,
    steps: result.steps,
  };
}

async function measureResume(
  runDir: string,
  steps: number,
  samples: number,
): Promise<{ timing: Timing }> {
  const durations: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const store = new SqliteRunStore(runDir);
    const started = performance.now();
    let firstStep = Number.NaN;
    const workload = createWorkload();
    try {
      await runSearch({
        ...workloadSearchOptions(workload),
        store,
        maxSteps: steps + sample + 1,
        onEvent: (event) => {
          if (event.type === 'step-start' && Number.isNaN(firstStep)) firstStep = performance.now();
        },
      });
    } finally {
      store.close();
    }
    durations.push(firstStep - started);
  }
  durations.sort((left, right) => left - right);
  return {
    timing: {
      minMs: durations[0] as number,
      medianMs: durations[Math.floor(durations.length / 2)] as number,
      samples,
    },
  };
}
