import { planSuite } from '../plan-suite.js';
import type { SuiteCell } from '../suite-cell.js';
import { pendingResult, type SuiteCellResult } from '../suite-cell-result.js';
import { collectSuiteResults } from '../suite-results.js';
import type { SuiteSpec } from '../suite-spec.js';

/** A small spec: two benchmarks, baseline + prompt-search + forge, one model pair, one seed. */
export const smallSpec: SuiteSpec = {
  benchmarks: ['alpha', 'beta'],
  methods: ['baseline', 'prompt-search', 'forge'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0],
  alignment: { reference: 'forge', controls: ['baseline'] },
};

/** A done result of a cell with the given test score and evaluation count. */
export function doneResult(
  cell: SuiteCell,
  values: Partial<SuiteCellResult> & { bestTest: number; evaluationsUsed: number },
): SuiteCellResult {
  return {
    ...pendingResult(cell, `cells/${cell.id}`),
    status: 'done',
    maxEvaluations: values.evaluationsUsed,
    seedValidation: 0.2,
    bestValidation: 0.5,
    seedTest: 0.1,
    costUsd: 0,
    optimizerCostUsd: 0,
    simulated: true,
    curve: [{ evaluationsUsed: values.evaluationsUsed, bestValidation: 0.5 }],
    ...values,
  };
}

/** Per-instance test scores `i00`…: the first `ones` instances solved (1), the rest not (0). */
export function solvedFirst(ones: number, size: number): Record<string, number> {
  return Object.fromEntries(
    Array.from({ length: size }, (_, index) => [
      `i${String(index).padStart(2, '0')}`,
      index < ones ? 1 : 0,
    ]),
  );
}

/**
 * The small spec's cells, done, one seed: alpha (40 test instances) and beta (20); each method
 * solves the first `bestTest × n` instances, so Forge (alpha 0.75, beta 0.4) differs from the
 * others on the rest. With every cell's per-instance scores, and labels that may be hostile.
 */
export function statisticsFixture(hostile = false) {
  const tests: Record<string, number> = {
    'alpha/baseline': 0.5,
    'alpha/prompt-search': 0.6,
    'alpha/forge': 0.75,
    'beta/baseline': 0.3,
    'beta/prompt-search': 0.45,
    'beta/forge': 0.4,
  };
  const sizes: Record<string, number> = { alpha: 40, beta: 20 };
  const plan = planSuite(smallSpec);
  const cells = new Map<string, SuiteCellResult>();
  const instanceScores: Record<string, Record<string, number>> = {};
  for (const cell of plan.cells) {
    const bestTest = tests[`${cell.benchmark}/${cell.method}`] as number;
    const size = sizes[cell.benchmark] as number;
    cells.set(cell.id, doneResult(cell, { bestTest, evaluationsUsed: 100 }));
    instanceScores[cell.id] = solvedFirst(Math.round(bestTest * size), size);
  }
  const results = collectSuiteResults({
    plan,
    name: hostile ? 'suite $\\input{x}' : 'test',
    digest: 'd',
    results: cells,
    runDirOf: (cell) => `cells/${cell.id}`,
  });
  const labels = {
    methods: {
      baseline: hostile ? '\\input{/etc/passwd}&$%#_^~' : 'Baseline',
      'prompt-search': hostile ? '[opt]*{x}' : 'Prompt search',
      forge: 'Forge',
    },
    benchmarks: { alpha: hostile ? '*Alpha\nline' : 'Alpha' },
  };
  return { results, instanceScores, labels };
}
