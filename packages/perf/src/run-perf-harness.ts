import { cpus } from 'node:os';
import { type EvaluationCostResult, measureEvaluationCost } from './sections/evaluation-cost.js';
import { type HeapGrowthResult, measureHeapGrowth } from './sections/heap-growth.js';
import { measureSelection, type SelectionCase } from './sections/selection-cost.js';
import { measureStartUp, type StartUpResult } from './sections/start-up.js';
import { measureWallTime, type WallTimeResult } from './sections/wall-time.js';
import { checkTargets, type TargetCheck } from './targets.js';

/** The harness's JSON report. */
export interface PerfReport {
  /** Shape version of this report. */
  readonly formatVersion: 1;
  /** Every workload is simulated: these numbers measure Forge's own machinery, not a model. */
  readonly simulated: true;
  /** True for `--quick`: small sizes that check the harness works; not comparable to targets. */
  readonly quick: boolean;
  /** When and where it ran. */
  readonly environment: {
    readonly startedAt: string;
    readonly node: string;
    readonly platform: string;
    readonly cpus: number;
    readonly cpuModel: string;
  };
  /** The workload every run section uses. */
  readonly workload: string;
  /** Own CPU per task evaluation at growing pool sizes. */
  readonly evaluationCost: EvaluationCostResult;
  /** Parent selection on synthetic score matrices. */
  readonly selection: readonly SelectionCase[];
  /** Live heap with the in-memory and the SQLite store; SQLite write and resume costs. */
  readonly heapGrowth: HeapGrowthResult;
  /** Wall time against the latency critical path, through the sdk. */
  readonly wallTime: WallTimeResult;
  /** Fresh-process import and CLI start-up. */
  readonly startUp: StartUpResult;
  /** The targets against the measured values (not judged in quick mode). */
  readonly targets: readonly TargetCheck[];
  /** Wall time of the whole harness. */
  readonly harnessMs: number;
}

/** Sizes of one harness run. */
interface Plan {
  readonly checkpoints: readonly number[];
  readonly windowSteps: number;
  readonly selectionSizes: readonly (readonly [number, number])[];
  readonly selectionSamples: number;
  readonly heapCandidates: number;
  readonly resumeSamples: number;
  readonly wallSteps: number;
  readonly wallRepeats: number;
  readonly startUpSamples: number;
  readonly demoSamples: number;
}

const fullPlan: Plan = {
  checkpoints: [200, 800, 2000],
  windowSteps: 150,
  selectionSizes: [
    [500, 500],
    [2000, 500],
  ],
  selectionSamples: 15,
  heapCandidates: 2000,
  resumeSamples: 3,
  wallSteps: 30,
  wallRepeats: 3,
  startUpSamples: 5,
  demoSamples: 3,
};

const quickPlan: Plan = {
  checkpoints: [10, 20, 40],
  windowSteps: 5,
  selectionSizes: [
    [50, 50],
    [200, 50],
  ],
  selectionSamples: 2,
  heapCandidates: 40,
  resumeSamples: 1,
  wallSteps: 3,
  wallRepeats: 1,
  startUpSamples: 1,
  demoSamples: 1,
};

/**
 * Runs every section of the harness in order and returns the report. `onProgress` receives one
 * line per section as it starts.
 */
export async function runPerfHarness(options: {
  readonly quick?: boolean;
  readonly onProgress?: (line: string) => void;
}): Promise<PerfReport> {
  const quick = options.quick ?? false;
  const plan = quick ? quickPlan : fullPlan;
  const progress = options.onProgress ?? (() => {});
  const started = performance.now();
  const startedAt = new Date().toISOString();
  progress(`own CPU per evaluation at ${plan.checkpoints.join(', ')} candidates`);
  const evaluationCost = await measureEvaluationCost({
    checkpoints: plan.checkpoints,
    windowSteps: plan.windowSteps,
  });
  progress('parent selection');
  const selection = measureSelection({
    sizes: plan.selectionSizes,
    samples: plan.selectionSamples,
  });
  progress(`heap growth to ${plan.heapCandidates} candidates, store writes, resume`);
  const heapGrowth = await measureHeapGrowth({
    candidates: plan.heapCandidates,
    samplePoints: 4,
    resumeSamples: plan.resumeSamples,
  });
  progress('wall time against the critical path (20 ms per call)');
  const wallTime = await measureWallTime({
    latencyMs: 20,
    steps: plan.wallSteps,
    repeats: plan.wallRepeats,
  });
  progress('start-up in fresh processes');
  const startUp = measureStartUp({
    samples: plan.startUpSamples,
    demoSamples: plan.demoSamples,
  });
  const measured = { evaluationCost, selection, heapGrowth, wallTime };
  return {
    formatVersion: 1,
    simulated: true,
    quick,
    environment: {
      startedAt,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
    },
    workload:
      'simulated word substitution: 16 hidden rules, a task model that follows only the first 4 rules of its prompt, a pure-function reflector, word-level partial-credit scores; 60 training and 60 validation instances; prompt search, minibatch 3',
    ...measured,
    startUp,
    targets: checkTargets(measured, quick),
    harnessMs: performance.now() - started,
  };
}
