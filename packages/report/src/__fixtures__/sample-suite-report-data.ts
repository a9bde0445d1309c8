import {
  collectSuiteResults,
  pendingResult,
  planSuite,
  type SuiteCellResult,
  type SuiteSpec,
  suiteTables,
} from '@forge/suite';
import type { SuiteCellDetails } from '../suite/suite-cell-details.js';
import type { SuiteReportData } from '../suite/suite-report-data.js';

/** Test instances of every sample benchmark: `t-1` … `t-10` (natural order puts t-10 last). */
export const sampleTestInstances = Array.from({ length: 10 }, (_, index) => `t-${index + 1}`);

/**
 * What the sample cells' run databases say: a wall time of a minute plus a second per cell
 * index; the method at position m of the suite solves t-1 … t-(2 + 2m − seed) and Forge also t-9
 * in seed 0, never t-10 (an unsolved instance scores 0.5 when its number is odd, else 0); Forge's
 * cells (except on AppWorld, which ran prompt search only) hold failure modes before their
 * first and final synthesis events.
 */
function sampleCellDetails(
  cell: { benchmark: string; method: string; seed: number },
  methods: readonly string[],
  index: number,
  modeNames: Readonly<Record<string, string>>,
): SuiteCellDetails {
  const position = methods.indexOf(cell.method);
  const solves = (number: number) =>
    number < 10 &&
    (number <= 2 + 2 * position - cell.seed ||
      (cell.method === 'forge' && number === 9 && cell.seed === 0));
  const scores = Object.fromEntries(
    sampleTestInstances.map((id, offset) => {
      const number = offset + 1;
      return [id, solves(number) ? 1 : number % 2 === 1 ? 0.5 : 0];
    }),
  );
  const start = Date.UTC(2026, 0, 1, 12, 0, 0) + index * 3_600_000;
  const milliseconds = 60_000 + index * 1000;
  const mode = (id: string, failures: number) => ({
    name: modeNames[id] ?? id,
    description: `what goes wrong in ${id}`,
    failures,
  });
  const windows =
    cell.seed === 0
      ? {
          first: [mode('date_order', 6), mode('two_digit_year', 3), mode('month_names', 1)],
          final: [mode('date_order', 1), mode('two_digit_year', 2), mode('ordinal_suffix', 2)],
        }
      : {
          first: [mode('date_order', 4), mode('two_digit_year', 4), mode('unused', 0)],
          final: [mode('two_digit_year', 1), mode('ordinal_suffix', 3)],
        };
  return {
    wallTime: {
      startedAt: new Date(start).toISOString(),
      endedAt: new Date(start + milliseconds).toISOString(),
      milliseconds,
    },
    test: { candidate: position, repeats: 1, scores },
    ...(cell.method === 'forge' && cell.benchmark !== 'appworld'
      ? {
          failureModes: {
            events: 3,
            first: { event: 0, modes: windows.first },
            final: { event: 2, modes: windows.final },
          },
        }
      : {}),
  };
}

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
    /** Give the done cells run-database details (`sampleCellDetails`); default true. */
    details?: boolean;
    /** Display names of methods beyond the three defaults (e.g. `{ mipro: 'MIPROv2' }`). */
    methodLabels?: Readonly<Record<string, string>>;
    /** Display names of benchmarks (e.g. `{ appworld: 'AppWorld (prompt search only: …)' }`). */
    benchmarkLabels?: Readonly<Record<string, string>>;
    /** The failure modes' names by the sample's ids (`date_order`, …); default the ids. */
    modeNames?: Readonly<Record<string, string>>;
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
  const cellDetails: Record<string, SuiteCellDetails> = {};
  for (const [index, cell] of plan.cells.entries()) {
    if (cell.id === 'beta/prompt-search/sim-task/sim-optimizer/seed-1') continue;
    const reference = cell.method === 'forge';
    cellDetails[cell.id] = sampleCellDetails(cell, spec.methods, index, options.modeNames ?? {});
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
    methods: {
      baseline: 'Baseline',
      'prompt-search': 'Prompt search',
      forge: 'Forge',
      ...options.methodLabels,
    },
    benchmarks: {
      alpha: options.hostileTitle ?? 'Alpha',
      beta: 'Beta',
      ...options.benchmarkLabels,
    },
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
    ...(options.details === false ? {} : { cellDetails }),
  };
}
