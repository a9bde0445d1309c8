import type { EvaluationCostResult } from './sections/evaluation-cost.js';
import type { HeapGrowthResult } from './sections/heap-growth.js';
import type { SelectionCase } from './sections/selection-cost.js';
import type { WallTimeResult } from './sections/wall-time.js';

/** One of issue 16's targets, with the value the harness measured. */
export interface TargetCheck {
  /** What the target is about. */
  readonly target: string;
  /** The measured value, in the target's unit (NaN when the section lacks it). */
  readonly measured: number;
  /** The bound. */
  readonly limit: number;
  /** `met`, `missed`, or `not judged` (quick mode sizes are too small to mean anything). */
  readonly verdict: 'met' | 'missed' | 'not judged';
}

/** Compares the measured values with the targets. */
export function checkTargets(
  measured: {
    readonly evaluationCost: EvaluationCostResult;
    readonly selection: readonly SelectionCase[];
    readonly heapGrowth: HeapGrowthResult;
    readonly wallTime: WallTimeResult;
  },
  quick: boolean,
): TargetCheck[] {
  const ownAt = (candidates: number) =>
    measured.evaluationCost.windows.find((window) => window.candidates === candidates)
      ?.ownMicrosecondsPerEvaluation ?? Number.NaN;
  const selection = measured.selection.find(
    (entry) => entry.candidates === 2000 && entry.instances === 500 && entry.kind === 'many-valued',
  );
  const wall = measured.wallTime.runs.find((run) => run.settings === 'default');
  const checks: [string, number, number][] = [
    ['own CPU per evaluation at ~800 candidates (µs)', ownAt(800), 20],
    ['own CPU per evaluation at ~2000 candidates (µs)', ownAt(2000), 25],
    [
      'parent selection in a run, 2000 × 500, many-valued: add the new candidate + draw (ms)',
      selection === undefined ? Number.NaN : selection.addOneMs + selection.selectOneMs,
      10,
    ],
    [
      'the same weights rebuilt from the whole matrix, as on resume (ms, least-disturbed run)',
      selection?.fromScratchMs.minMs ?? Number.NaN,
      10,
    ],
    [
      'live heap at ~2000 candidates, in-memory ÷ SQLite store',
      measured.heapGrowth.memoryToSqliteRatio,
      2,
    ],
    [
      `wall ÷ critical path, default settings, |V| = ${measured.wallTime.validation} (least-disturbed of the repeats)`,
      wall?.ratio ?? Number.NaN,
      1.1,
    ],
  ];
  return checks.map(([target, value, limit]) => ({
    target,
    measured: value,
    limit,
    verdict: quick || Number.isNaN(value) ? 'not judged' : value <= limit ? 'met' : 'missed',
  }));
}
