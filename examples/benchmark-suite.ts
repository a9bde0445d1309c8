// A benchmark suite on the offline simulated world: Forge's five ablation variants on one
// benchmark, with B.4's budget alignment (Forge runs first, to completion; its completed
// evaluation count is every other variant's ceiling), the paper-shaped tables and the HTML suite
// report. Everything here is simulated: the numbers say nothing about real models.
//
// Run: pnpm exec tsx examples/benchmark-suite.ts
import { join } from 'node:path';
import { runSuite } from '@forge/sdk';

const dir = join('forge-runs', `suite-${Date.now()}`);
const result = await runSuite(
  {
    name: 'sim-ablation',
    benchmarks: ['sim'],
    methods: ['baseline', 'prompt-search', 'random-synthesis', 'failure-memory', 'forge'],
    taskModels: ['sim:task'],
    optimizerModels: ['sim:optimizer'],
    seeds: [0],
    budget: { maxEvaluations: 100_000 },
  },
  {
    dir,
    onEvent: (event) => {
      if (event.type === 'cell-end') {
        const cell = event.result;
        console.log(
          `${cell.id}: ${cell.status}, ${cell.evaluationsUsed} evaluations${cell.ceiling === null ? '' : ` (ceiling ${cell.ceiling})`}, test ${cell.bestTest === null ? '–' : (cell.bestTest * 100).toFixed(1)}%`,
        );
      }
    },
  },
);
const aligned = result.results.cells.filter((cell) => cell.ceiling !== null);
if (aligned.some((cell) => cell.exceededCeiling)) throw new Error('a variant exceeded its ceiling');
console.log(`\n${aligned.length} aligned cells, none above its ceiling (simulated models)`);
console.log(`tables: ${join(result.dir, 'tables.md')}\nreport: ${join(result.dir, 'report.html')}`);
