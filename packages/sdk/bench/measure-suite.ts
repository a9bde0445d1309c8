// Measures the suite runner's own overhead per cell (issue 11). Run: pnpm --filter @forge/sdk bench:suite
// 1. Planning, scheduling and the outputs at the paper's size (every cell's runner instant):
//    plan + execute per cell, and what is rewritten after every cell (results.json, tables, report),
//    then the tables with their statistics (intervals, paired tests) over per-instance scores.
// 2. On the simulated world, from the suite's events: checking the suite up front, each cell's
//    time before its run starts and after its run ends (result mapped, outputs rewritten).
//    Whole-suite wall time against the same cells run alone is not used: on a shared machine
//    its noise (about a second over ten cells) is larger than the overhead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRandom } from '@forge/program';
import { renderSuiteReport } from '@forge/report';
import {
  collectSuiteResults,
  defaultCellRunDir,
  type ExecuteSuiteResult,
  executeSuite,
  formatSuiteResults,
  pendingResult,
  planSuite,
  StatisticsMemo,
  type SuiteSpec,
  suiteTables,
} from '@forge/suite';
import { forgeAblation } from '../src/methods/forge-ablation.js';
import { runSuite } from '../src/suite/run-suite.js';

function best(samples: readonly number[]): number {
  return Math.min(...samples);
}

async function timed<T>(body: () => Promise<T> | T): Promise<[T, number]> {
  const started = performance.now();
  const value = await body();
  return [value, performance.now() - started];
}

// 1. The paper's size: 8 benchmarks × 9 methods × 2 task models × 3 seeds, plus a transfer study.
const spec: SuiteSpec = {
  benchmarks: ['hotpotqa', 'ifbench', 'hover', 'finer', 'lawbench', 'aime', 'mmlu-pro', 'appworld'],
  methods: [
    'baseline',
    'prompt-search',
    'random-synthesis',
    'failure-memory',
    'forge',
    'mipro',
    'ace',
    'gepa',
    'gepa-merge',
  ],
  taskModels: ['openai:Qwen/Qwen3.5-35B-A3B', 'openai:Qwen/Qwen3-8B'],
  optimizerModels: ['openai:gpt-5.5'],
  seeds: [0, 1, 2],
  alignment: { reference: 'forge', controls: ['baseline'] },
  transfer: {
    benchmarks: ['hotpotqa', 'finer', 'lawbench'],
    methods: ['mipro', 'ace', 'gepa'],
    source: 'forge',
  },
};
const planTimes: number[] = [];
const executeTimes: number[] = [];
let results: ExecuteSuiteResult['results'] = new Map();
for (let repeat = 0; repeat < 5; repeat++) {
  const [plan, planMs] = await timed(() => planSuite(spec));
  const [execution, executeMs] = await timed(() =>
    executeSuite({
      cells: plan.cells,
      runCell: async (cell, ceiling) => ({
        ...pendingResult(cell, defaultCellRunDir(cell)),
        status: 'done',
        evaluationsUsed: ceiling ?? 1000,
        bestValidation: 0.5,
        bestTest: 0.5,
        seedValidation: 0.2,
        seedTest: 0.2,
        costUsd: 1,
        optimizerCostUsd: 0.5,
        curve: Array.from({ length: 30 }, (_, index) => ({
          evaluationsUsed: index * 30,
          bestValidation: index / 60,
        })),
        synthesis: {
          events: 4,
          attempts: 100,
          admitted: 80,
          outcomes: { admitted: 80, 'rejected-validity': 20 },
        },
      }),
    }),
  );
  planTimes.push(planMs);
  executeTimes.push(executeMs);
  results = execution.results;
}
const plan = planSuite(spec);
const document = collectSuiteResults({
  plan,
  name: 'paper',
  digest: 'x',
  results,
  runDirOf: defaultCellRunDir,
});
const outputTimes: number[] = [];
let reportBytes = 0;
for (let repeat = 0; repeat < 5; repeat++) {
  const [, ms] = await timed(() => {
    const tables = suiteTables({ results: document, spec, ablation: forgeAblation });
    const report = renderSuiteReport({
      results: document,
      spec,
      tables,
      labels: {},
      cellLinks: {},
    });
    reportBytes = report.length;
    return formatSuiteResults(document).length + report.length;
  });
  outputTimes.push(ms);
}
// The same, with every cell's 100 per-instance test scores (half solved, a different half per
// cell): the main tables' 95% intervals, paired tests and test-set sizes.
const instanceScores = Object.fromEntries(
  document.cells.map((cell) => {
    const solved = new Set(
      createRandom('bench', cell.id)
        .shuffle([...Array(100).keys()])
        .slice(0, 50),
    );
    return [
      cell.id,
      Object.fromEntries(
        Array.from({ length: 100 }, (_, index) => [`t${index}`, solved.has(index) ? 1 : 0]),
      ),
    ];
  }),
);
const statisticsTimes: number[] = [];
for (let repeat = 0; repeat < 3; repeat++) {
  const [, ms] = await timed(
    () => suiteTables({ results: document, spec, ablation: forgeAblation, instanceScores }).length,
  );
  statisticsTimes.push(ms);
}
// After a cell: the run's memo keeps every entry whose cells did not change (here: none did).
const memo = new StatisticsMemo();
suiteTables({ results: document, spec, ablation: forgeAblation, instanceScores, memo });
const rerenderTimes: number[] = [];
for (let repeat = 0; repeat < 3; repeat++) {
  const [, ms] = await timed(
    () =>
      suiteTables({ results: document, spec, ablation: forgeAblation, instanceScores, memo })
        .length,
  );
  rerenderTimes.push(ms);
}
console.log(`paper-size plan: ${plan.cells.length} cells`);
console.log(`  planSuite                              ${best(planTimes).toFixed(2)} ms`);
console.log(
  `  executeSuite, instant runner           ${(best(executeTimes) / plan.cells.length).toFixed(3)} ms per cell`,
);
console.log(
  `  results.json, tables, report (${(reportBytes / 1e6).toFixed(1)} MB)   ${best(outputTimes).toFixed(1)} ms, rendered after every cell`,
);

console.log(
  `  tables with intervals and paired tests ${best(statisticsTimes).toFixed(1)} ms (100 test instances per cell), ${best(rerenderTimes).toFixed(1)} ms rewritten with the run's memo`,
);

// 2. On the simulated world (simulated models; the times are the simulator's).
const root = mkdtempSync(join(tmpdir(), 'forge-suite-bench-'));
try {
  const config = {
    benchmarks: ['sim'],
    methods: ['baseline', 'prompt-search', 'random-synthesis', 'failure-memory', 'forge'],
    taskModels: ['sim:task'],
    optimizerModels: ['sim:optimizer'],
    seeds: [0, 1],
    budget: { maxEvaluations: 100_000 },
  };
  const prepare: number[] = [];
  const before: number[] = [];
  const after: number[] = [];
  const cellTimes: number[] = [];
  for (let repeat = 0; repeat < 2; repeat++) {
    const started = performance.now();
    let cellStart = 0;
    let runEnd = 0;
    let prepared = false;
    await runSuite(config, {
      dir: join(root, `suite-${repeat}`),
      onEvent: (event) => {
        const now = performance.now();
        if (event.type === 'suite-prepared') prepare.push(now - started);
        if (event.type === 'cell-start') {
          cellStart = now;
          prepared = false;
        }
        if (event.type === 'cell-progress' && event.event.type === 'run-prepared' && !prepared) {
          prepared = true;
          before.push(now - cellStart);
        }
        if (event.type === 'cell-progress' && event.event.type === 'run-end') runEnd = now;
        if (event.type === 'cell-end') {
          after.push(now - runEnd);
          cellTimes.push(now - cellStart);
        }
      },
    });
  }
  const mean = (values: readonly number[]) =>
    values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log('simulated world, 5 variants × 2 seeds (10 cells, simulated models, 2 repeats)');
  console.log(
    `  check the suite up front (once)        ${best(prepare).toFixed(0)} ms (every method, benchmark and model)`,
  );
  console.log(
    `  a cell, start to end                   ${mean(cellTimes).toFixed(0)} ms mean (simulated models answer at once)`,
  );
  console.log(
    `  before its run starts                  ${mean(before).toFixed(1)} ms mean (the runner, then optimize's own checks and data loading)`,
  );
  console.log(
    `  after its run ends                     ${mean(after).toFixed(1)} ms mean (result mapped, results.json, tables and report rewritten)`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
