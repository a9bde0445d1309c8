import type { SuiteCell } from '../suite-cell.js';
import { pendingResult, type SuiteCellResult } from '../suite-cell-result.js';
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
