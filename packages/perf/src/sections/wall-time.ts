import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StepRecord } from '@forge/core';
import type { BenchmarkPackage } from '@forge/program';
import { registerProvider } from '@forge/provider';
import { type ForgeConfigInput, optimize, registerBenchmark } from '@forge/sdk';
import { substitutionSignature } from '../workload/substitution-task.js';
import { createWorkload } from '../workload/substitution-workload.js';

/** One run's wall time against its latency critical path. */
export interface WallTimeRun {
  /** `default`: no concurrency setting anywhere; `high`: run and model concurrency 64. */
  readonly settings: 'default' | 'high';
  /** Steps run. */
  readonly steps: number;
  /** Sequential model-call rounds the run could not avoid (see `criticalPathRounds`). */
  readonly rounds: number;
  /** rounds × latency. */
  readonly criticalPathMs: number;
  /** Per repeat: milliseconds from the run's start (after set-up) to its last step's end. */
  readonly wallMs: readonly number[];
  /** Per repeat: process CPU (all threads) over the same span. */
  readonly cpuMs: readonly number[];
  /** The least-disturbed repeat's wall ÷ critical path: the target is ≤ 1.10 by default. */
  readonly ratio: number;
  /** The median repeat's wall ÷ critical path. */
  readonly medianRatio: number;
}

/** The section's result. */
export interface WallTimeResult {
  /** Latency of every task-model and reflector call. */
  readonly latencyMs: number;
  /** Validation instances (|V|). */
  readonly validation: number;
  readonly runs: readonly WallTimeRun[];
  /**
   * The same number of sleeps of `latencyMs`, one after another, ÷ their nominal sum: what the
   * machine's timers alone add (they fire late by up to a millisecond, more under load).
   */
  readonly timerOnlyRatio: number;
}

/**
 * Sequential rounds with unlimited parallelism: the seed's validation pass, then per step the
 * parent's minibatch, the reflection unless the minibatch was perfect, the proposal's minibatch
 * unless the reflection was a no-op, and the validation pass when the proposal was accepted.
 */
export function criticalPathRounds(history: readonly StepRecord[]): number {
  let rounds = 1;
  for (const record of history) {
    rounds += 1;
    if (record.outcome === 'perfect') continue;
    rounds += 1;
    if (record.outcome === 'no-op') continue;
    rounds += 1;
    if (record.outcome === 'accepted') rounds += 1;
  }
  return rounds;
}

/**
 * Runs the workload through the sdk's `optimize` — the path `forge optimize` takes, with its
 * SQLite run directory and model middleware — with every call waiting `latencyMs`.
 */
export async function measureWallTime(options: {
  readonly latencyMs: number;
  readonly steps: number;
  readonly repeats: number;
}): Promise<WallTimeResult> {
  const workload = createWorkload({ latencyMs: options.latencyMs, timed: false });
  const benchmarkPackage: BenchmarkPackage = {
    createBenchmark: () => ({
      id: 'perf-substitution',
      title: 'Word substitution (simulated, performance harness)',
      signature: substitutionSignature,
      program: workload.program,
      evaluate: workload.evaluate,
      loadSplits: async () => ({
        train: [...workload.train],
        validation: [...workload.validation],
        test: [],
      }),
      synthesis: { attempts: 1, epochs: 0, patience: 1 },
    }),
  };
  registerBenchmark('perf-substitution', benchmarkPackage);
  registerProvider('perf', (modelId) =>
    modelId === 'task' ? workload.taskModel : workload.optimizerModel,
  );
  // A short run first, so the JIT's first passes are not charged to the first measured run.
  await timedRun('default', Math.min(options.steps, 5));
  const runs: WallTimeRun[] = [];
  for (const settings of ['default', 'high'] as const) {
    const wallMs: number[] = [];
    const cpuMs: number[] = [];
    let history: readonly StepRecord[] = [];
    for (let repeat = 0; repeat < options.repeats; repeat++) {
      const measured = await timedRun(settings, options.steps);
      wallMs.push(measured.wallMs);
      cpuMs.push(measured.cpuMs);
      history = measured.history;
    }
    // Every repeat makes the same decisions (same seed, no cache), so one history serves all.
    const rounds = criticalPathRounds(history);
    const criticalPathMs = rounds * options.latencyMs;
    const sorted = [...wallMs].sort((left, right) => left - right);
    runs.push({
      settings,
      steps: history.length,
      rounds,
      criticalPathMs,
      wallMs,
      cpuMs,
      ratio: (sorted[0] as number) / criticalPathMs,
      medianRatio: (sorted[Math.floor(sorted.length / 2)] as number) / criticalPathMs,
    });
  }
  const rounds = runs[0]?.rounds ?? 1;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
  }
  const timerOnlyRatio = (performance.now() - started) / (rounds * options.latencyMs);
  return {
    latencyMs: options.latencyMs,
    validation: workload.validation.length,
    runs,
    timerOnlyRatio,
  };
}

async function timedRun(
  settings: 'default' | 'high',
  steps: number,
): Promise<{ wallMs: number; cpuMs: number; history: readonly StepRecord[] }> {
  const root = mkdtempSync(join(tmpdir(), 'forge-perf-wall-'));
  try {
    const config: ForgeConfigInput = {
      benchmark: 'perf-substitution',
      taskModel: settings === 'default' ? 'perf:task' : { model: 'perf:task', concurrency: 64 },
      optimizerModel: 'perf:reflector',
      variant: 'prompt-search',
      // Exactly `steps` steps are timed, so a perfect validation score must not end the run first.
      budget: { maxEvaluations: 1_000_000, maxSteps: steps, stopAtPerfectScore: false },
      runDir: join(root, 'run'),
      evaluateTest: false,
      // A cache hit skips the latency, which would make rounds shorter than the critical path.
      cache: false,
      ...(settings === 'high' ? { concurrency: 64 } : {}),
    };
    let started = Number.NaN;
    let ended = Number.NaN;
    let cpu = process.cpuUsage();
    let cpuMs = Number.NaN;
    const result = await optimize(config, {
      onEvent: (event) => {
        if (event.type === 'run-start') {
          started = performance.now();
          cpu = process.cpuUsage();
        }
        if (event.type === 'step-end') {
          ended = performance.now();
          const used = process.cpuUsage(cpu);
          cpuMs = (used.user + used.system) / 1000;
        }
      },
    });
    if (result.search === undefined) throw new Error('the prompt-search run returned no search');
    return { wallMs: ended - started, cpuMs, history: result.search.history };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
