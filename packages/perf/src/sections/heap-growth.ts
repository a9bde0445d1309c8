import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSearch } from '@forge/core';
import { SqliteRunStore } from '@forge/store';
import { createWorkload, workloadSearchOptions } from '../workload/substitution-workload.js';
import type { HeapChildResult } from './heap-child.js';
import type { Timing } from './selection-cost.js';

/** Live heap growth of one run, sampled as its pool grows. */
export interface HeapSeries {
  /** `memory` (the default `MemoryRunStore`) or `sqlite` (`SqliteRunStore`, what the CLI uses). */
  readonly store: 'memory' | 'sqlite';
  /** [pool size, live heap growth in MB] samples, in a process of its own. */
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

/**
 * Grows the workload's pool to `candidates` twice — with the in-memory store and with SQLite, each
 * in a fresh process (after a short warm-up run there) — and samples the live heap; then times the
 * SQLite store's writes and a resume of that run.
 */
export async function measureHeapGrowth(options: {
  readonly candidates: number;
  readonly samplePoints: number;
  readonly resumeSamples: number;
}): Promise<HeapGrowthResult> {
  const root = mkdtempSync(join(tmpdir(), 'forge-perf-'));
  try {
    const runDir = join(root, 'run');
    const memory = inChild('memory', options);
    const sqliteChild = inChild('sqlite', options, runDir);
    const sqlite = series('sqlite', sqliteChild);
    const durations = [...sqliteChild.appendMs].sort((left, right) => left - right);
    const at = (fraction: number) =>
      durations[Math.min(durations.length - 1, Math.floor(fraction * durations.length))] as number;
    const databaseMegabytes =
      (statSync(join(runDir, 'forge.db')).size +
        (statSync(join(runDir, 'forge.db-wal'), { throwIfNoEntry: false })?.size ?? 0)) /
      1e6;
    const resume = await measureResume(runDir, sqlite.steps, options.resumeSamples);
    return {
      memory: series('memory', memory),
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

function inChild(
  kind: 'memory' | 'sqlite',
  options: { readonly candidates: number; readonly samplePoints: number },
  runDir?: string,
): HeapChildResult {
  // Under vitest this module is TypeScript, run through tsx; built, it is JavaScript.
  const typescript = import.meta.url.endsWith('.ts');
  const child = fileURLToPath(new URL(`./heap-child.${typescript ? 'ts' : 'js'}`, import.meta.url));
  const output = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      ...(typescript ? ['--import', 'tsx'] : []),
      child,
      kind,
      String(options.candidates),
      String(options.samplePoints),
      ...(runDir === undefined ? [] : [runDir]),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as HeapChildResult;
}

function series(kind: 'memory' | 'sqlite', result: HeapChildResult): HeapSeries {
  return {
    store: kind,
    samples: result.samples,
    finalMegabytes: result.finalMegabytes,
    candidates: result.candidates,
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
