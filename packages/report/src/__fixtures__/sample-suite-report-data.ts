import {
  collectSuiteResults,
  pendingResult,
  planSuite,
  type SuiteCellResult,
  type SuiteSpec,
  suiteTables,
} from '@forge/suite';
import type { SuiteReportData } from '../suite/suite-report-data.js';

/**
 * A suite of two benchmarks × three methods × two seeds, every cell done but one, with a
 * synthesis accounting on the reference's cells, and (optionally) a hostile benchmark title.
 */
export function sampleSuiteReportData(
  options: {
    hostileTitle?: string;
    /** Benchmark ids (default alpha, beta). */
    benchmarks?: readonly string[];
    /** Method ids, forge among them (default baseline, prompt-search, forge). */
    methods?: readonly string[];
    /** Seeds (default 0, 1). */
    seeds?: readonly number[];
  } = {},
): SuiteReportData {
  const spec: SuiteSpec = {
    benchmarks: options.benchmarks ?? ['alpha', 'beta'],
    methods: options.methods ?? ['baseline', 'prompt-search', 'forge'],
    taskModels: ['sim:task'],
    optimizerModels: ['sim:optimizer'],
    seeds: options.seeds ?? [0, 1],
    alignment: { reference: 'forge', controls: ['baseline'] },
  };
  const plan = planSuite(spec);
  const results = new Map<string, SuiteCellResult>();
  for (const [index, cell] of plan.cells.entries()) {
    if (cell.id === 'beta/prompt-search/sim-task/sim-optimizer/seed-1') continue;
    const reference = cell.method === 'forge';
    const used = cell.method === 'baseline' ? 20 : reference ? 400 + index : 390;
    // Seeds differ a little, so spreads are not zero.
    const best = (cell.method === 'baseline' ? 0.3 : reference ? 0.8 : 0.6) - cell.seed * 0.01;
    results.set(cell.id, {
      ...pendingResult(cell, `cells/${cell.id}`),
      status: 'done',
      ceiling: cell.role === 'aligned' ? 400 : null,
      maxEvaluations: used,
      evaluationsUsed: used,
      seedValidation: 0.3,
      bestValidation: best,
      seedTest: 0.25,
      bestTest: best - 0.05,
      costUsd: 0.5,
      optimizerCostUsd: 0.2,
      simulated: true,
      tokens: { input: 12_000 + index, output: 3_000 },
      ...(cell.method === 'forge' && cell.benchmark === 'appworld'
        ? { notes: ['forge on appworld ran prompt search only: no task-authoring backend.'] }
        : {}),
      ...(reference
        ? {
            synthesis: {
              events: 2,
              attempts: 24,
              admitted: 20,
              outcomes: { admitted: 20, 'generation-failed': 1, 'rejected-validity': 2, duplicate: 1 },
            },
          }
        : {}),
      curve:
        cell.method === 'baseline'
          ? [{ evaluationsUsed: 20, bestValidation: 0.3 }]
          : [
              { evaluationsUsed: 20, bestValidation: 0.3 },
              { evaluationsUsed: 140, bestValidation: best - 0.1 },
              { evaluationsUsed: 300, bestValidation: best },
            ],
    });
  }
  const document = collectSuiteResults({
    plan,
    name: 'sample',
    digest: '0123456789abcdef',
    results,
    runDirOf: (cell) => `cells/${cell.id}`,
  });
  const labels = {
    methods: { baseline: 'Baseline', 'prompt-search': 'Prompt search', forge: 'Forge' },
    benchmarks: { alpha: options.hostileTitle ?? 'Alpha', beta: 'Beta' },
  };
  return {
    results: document,
    spec,
    tables: suiteTables({ results: document, spec, labels }),
    labels,
    cellLinks: Object.fromEntries(
      document.cells
        .filter((cell) => cell.status === 'done')
        .map((cell) => [cell.id, `${cell.runDir}/report.html`]),
    ),
  };
}
