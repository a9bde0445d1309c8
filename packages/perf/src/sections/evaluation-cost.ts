import { runSearch } from '@forge/core';
import { createWorkload, workloadSearchOptions } from '../workload/substitution-workload.js';

/** Forge's own CPU per task evaluation while the pool holds about `candidates` candidates. */
export interface EvaluationCostWindow {
  /** The pool size the window was meant for. */
  readonly candidates: number;
  /** Pool size when the window opened and when it closed. */
  readonly poolAtStart: number;
  readonly poolAtEnd: number;
  /** Steps and task evaluations in the window. */
  readonly steps: number;
  readonly evaluations: number;
  /** Wall time of the window (the models answer at once: on an idle machine, one thread's CPU). */
  readonly wallMs: number;
  /** Wall time inside the simulated models and the metric, subtracted from the wall time. */
  readonly modelMs: number;
  /** Process CPU inside the simulated models and the metric, subtracted from the CPU. */
  readonly modelCpuMs: number;
  /** Process CPU (user + system, every thread: includes the garbage collector's helpers). */
  readonly processCpuMs: number;
  /**
   * (process CPU − model CPU) per evaluation, in microseconds: the number the targets are
   * about. CPU time, unlike wall time, does not grow when other processes take the cores.
   */
  readonly ownMicrosecondsPerEvaluation: number;
  /** (wall − model time) per evaluation: the same on an idle machine. */
  readonly ownWallMicrosecondsPerEvaluation: number;
}

/** The section's result. */
export interface EvaluationCostResult {
  readonly windows: readonly EvaluationCostWindow[];
  /** Wall time of the whole run (pool growth included). */
  readonly runMs: number;
  /** Steps and evaluations of the whole run. */
  readonly steps: number;
  readonly evaluations: number;
}

/**
 * Runs the workload with zero-latency models until the pool passes every checkpoint, timing a
 * window of `windowSteps` steps right after each one. One run covers all checkpoints, so the
 * pools are the ones a real search grows, not synthetic ones.
 */
export async function measureEvaluationCost(options: {
  readonly checkpoints: readonly number[];
  readonly windowSteps: number;
}): Promise<EvaluationCostResult> {
  const workload = createWorkload();
  const windows: EvaluationCostWindow[] = [];
  const pending = [...options.checkpoints].sort((left, right) => left - right);
  let open:
    | {
        candidates: number;
        pool: number;
        step: number;
        evaluations: number;
        wall: number;
        model: number;
        modelCpu: number;
        cpu: NodeJS.CpuUsage;
      }
    | undefined;
  const started = performance.now();
  const result = await runSearch({
    ...workloadSearchOptions(workload),
    stopRules: [
      () => (pending.length === 0 && open === undefined ? 'every window measured' : undefined),
    ],
    onEvent: (event) => {
      if (event.type !== 'step-end') return;
      if (open !== undefined && event.step - open.step >= options.windowSteps) {
        const wallMs = performance.now() - open.wall;
        const modelMs = workload.time.totalMs - open.model;
        const modelCpuMs = workload.time.cpuMs - open.modelCpu;
        const cpu = process.cpuUsage(open.cpu);
        const processCpuMs = (cpu.user + cpu.system) / 1000;
        const evaluations = event.evaluationsUsed - open.evaluations;
        windows.push({
          candidates: open.candidates,
          poolAtStart: open.pool,
          poolAtEnd: event.candidates,
          steps: event.step - open.step,
          evaluations,
          wallMs,
          modelMs,
          modelCpuMs,
          processCpuMs,
          ownMicrosecondsPerEvaluation: ((processCpuMs - modelCpuMs) * 1000) / evaluations,
          ownWallMicrosecondsPerEvaluation: ((wallMs - modelMs) * 1000) / evaluations,
        });
        open = undefined;
      }
      const next = pending[0];
      if (open === undefined && next !== undefined && event.candidates >= next) {
        pending.shift();
        open = {
          candidates: next,
          pool: event.candidates,
          step: event.step,
          evaluations: event.evaluationsUsed,
          wall: performance.now(),
          model: workload.time.totalMs,
          modelCpu: workload.time.cpuMs,
          cpu: process.cpuUsage(),
        };
      }
    },
  });
  return {
    windows,
    runMs: performance.now() - started,
    steps: result.steps,
    evaluations: result.evaluationsUsed,
  };
}
