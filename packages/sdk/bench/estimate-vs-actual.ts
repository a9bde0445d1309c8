// The dry run's expected figure and upper bound against what the runs really spent (issue 31).
// Run: pnpm --filter @forge/sdk bench:estimates   (under a minute; simulated and scripted models
// only: no cost, no network — the numbers say nothing about real models' answer lengths).
// (a) the simulated suites: examples/suites/sim-ablation.yaml, and the same world with every peer
//     method × 3 seeds and a transfer block; both priced at a fixed table so cost compares too.
// (b) a three-module typed program (extract → judge → summarize over 36 distinct product reviews;
//     five rules learned from feedback over several reflections, a ceiling below 1.0, a re-ask,
//     synthesis through the verifier: its design is in review-pipeline.ts) on the scripted
//     stand-ins, estimated and optimized through the library API with an evaluation budget of
//     400, the run's steps and synthesis attempts printed by outcome beside the per-role figures.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineBenchmark } from '@forge/program';
import { registerProvider } from '@forge/provider';
import { parse } from 'yaml';
import { estimateRun } from '../src/estimate/estimate-run.js';
import { optimize } from '../src/run/optimize.js';
import { estimateSuite } from '../src/suite/estimate-suite.js';
import { runSuite } from '../src/suite/run-suite.js';
import { scriptedOptimizer } from '../src/testing/scripted-optimizer.js';
import {
  reviewData,
  reviewMetric,
  reviewMutate,
  reviewProgram,
  reviewReflect,
  reviewTaskModel,
} from './review-pipeline.js';

const prices = {
  'sim:task': { input: 0.2, output: 0.8 },
  'sim:optimizer': { input: 2, output: 8 },
  'scripted:*': { input: 2, output: 8 },
};
const root = mkdtempSync(join(tmpdir(), 'forge-estimate-bench-'));
const rows: string[][] = [];
const ratio = (estimate: number, actual: number) =>
  actual === 0 ? '–' : `${(estimate / actual).toFixed(2)}×`;
const record = (
  name: string,
  expected: { evaluations: number; usd: number },
  upper: { evaluations: number; usd: number },
  actual: { evaluations: number; usd: number },
) => {
  rows.push([
    name,
    `${expected.evaluations}`,
    `${upper.evaluations}`,
    `${actual.evaluations}`,
    ratio(expected.evaluations, actual.evaluations),
    `$${expected.usd.toFixed(3)}`,
    `$${upper.usd.toFixed(2)}`,
    `$${actual.usd.toFixed(3)}`,
    ratio(expected.usd, actual.usd),
  ]);
};

async function suite(name: string, config: Record<string, unknown>) {
  const estimate = await estimateSuite(config as never);
  const dir = join(root, name);
  const result = await runSuite(config as never, { dir });
  void result;
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
    cells: { method: string; evaluationsUsed: number | null; costUsd: number | null }[];
  };
  const actual = { evaluations: 0, usd: 0 };
  for (const cell of results.cells) {
    actual.evaluations += cell.evaluationsUsed ?? 0;
    actual.usd += cell.costUsd ?? 0;
  }
  record(name, estimate.expected, estimate, actual);
  for (const share of estimate.expected.methods) {
    const cells = results.cells.filter((cell) => cell.method === share.method);
    record(
      `  ${share.method}`,
      share,
      { evaluations: NaN, usd: NaN },
      {
        evaluations: cells.reduce((total, cell) => total + (cell.evaluationsUsed ?? 0), 0),
        usd: cells.reduce((total, cell) => total + (cell.costUsd ?? 0), 0),
      },
    );
  }
}

// (a) The simulated suites.
const examples = fileURLToPath(new URL('../../../examples/suites/', import.meta.url));
const ablation = parse(readFileSync(join(examples, 'sim-ablation.yaml'), 'utf8'));
await suite('sim-ablation.yaml', { ...ablation, prices });
await suite('sim-peers (3 seeds)', {
  ...ablation,
  name: 'sim-peers',
  methods: ['baseline', 'mipro', 'ace', 'gepa', 'gepa-merge', 'forge'],
  seeds: [0, 1, 2],
  transfer: { methods: ['gepa'] },
  prices,
});

// (b) A three-module typed program on the scripted stand-ins (its design: review-pipeline.ts).
const program = reviewProgram;
const metric = reviewMetric;
const data = reviewData();
const optimizerModel = () => scriptedOptimizer({ reflect: reviewReflect, mutate: reviewMutate });
const benchmark = defineBenchmark({
  program,
  metric,
  train: data.train,
  validation: data.validation,
});
const runConfig = {
  taskModel: 'scripted:task',
  optimizerModel: 'scripted:optimizer',
  method: 'forge',
  budget: { maxEvaluations: 400 },
  prices,
};
// The dry run names the stand-ins as a user's config does (scripted:task, scripted:optimizer).
registerProvider('scripted', (modelId: string) =>
  modelId === 'optimizer' ? optimizerModel() : reviewTaskModel,
);
const typedEstimate = await estimateRun(runConfig as never, { benchmark: benchmark as never });
// The dry run cannot know whether a program will reach a perfect validation score, so its
// expected figure assumes the run does not stop there: the run compared against it spends its
// budget (`stopAtPerfectScore: false`); the run with Forge's default stop is reported beside it.
// What the run did, for the note: steps by outcome, synthesis attempts by outcome, best scores.
const tally = { steps: new Map<string, number>(), attempts: new Map<string, number>() };
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const listed = (map: Map<string, number>) =>
  [...map].map(([key, total]) => `${total} ${key}`).join(', ') || 'none';
const scores = { seed: 0, best: 0 };
const onEvent = (event: {
  type: string;
  outcome?: string;
  seedScore?: number;
  bestScore?: number;
}) => {
  if (event.type === 'step-end') count(tally.steps, event.outcome ?? '?');
  if (event.type === 'attempt-end') count(tally.attempts, event.outcome ?? '?');
  if (event.type === 'run-end')
    Object.assign(scores, { seed: event.seedScore, best: event.bestScore });
};
const optimizeTyped = (stopAtPerfectScore: boolean, runDir: string) =>
  optimize(
    {
      program,
      metric,
      train: data.train,
      validation: data.validation,
      taskModel: reviewTaskModel,
      optimizerModel: optimizerModel(),
      method: 'forge',
      budget: { maxEvaluations: 400, stopAtPerfectScore },
      prices,
      runDir: join(root, runDir),
    } as never,
    stopAtPerfectScore ? {} : { onEvent: onEvent as never },
  );
const run = await optimizeTyped(false, 'review');
record('review-pipeline (typed, 3 modules)', typedEstimate.expected, typedEstimate, {
  evaluations: run.evaluationsUsed,
  usd: run.costUsd,
});
console.log(
  `review-pipeline run: validation ${scores.seed.toFixed(3)} (seed) → ${scores.best.toFixed(3)} (best); steps: ${listed(tally.steps)}; synthesis attempts: ${listed(tally.attempts)}`,
);
const stopped = await optimizeTyped(true, 'review-perfect-stop');
record('  with the perfect-score stop', typedEstimate.expected, typedEstimate, {
  evaluations: stopped.evaluationsUsed,
  usd: stopped.costUsd,
});
console.log(
  `review-pipeline with Forge's default perfect-score stop: ${stopped.reason}, after ${stopped.evaluationsUsed} evaluations and ${stopped.steps} steps ($${stopped.costUsd.toFixed(3)}); the estimate assumes no such stop`,
);
type Usage = { calls: number; cachedCalls?: number; inputTokens: number; outputTokens: number };
const usage = (run as { usage: Record<string, Usage> }).usage;
const task = usage['task'];
const taskCalls = (task?.calls ?? 0) + (task?.cachedCalls ?? 0);
console.log(
  `[simulated and scripted models, not a real LLM] review-pipeline: ${typedEstimate.taskCalls.perEvaluation.toFixed(2)} task calls per evaluation estimated (${typedEstimate.taskCalls.basis}); the run made ${taskCalls} task calls (${task?.cachedCalls ?? 0} from the cache) for ${run.evaluationsUsed} search evaluations and its test/validation passes`,
);
// Per role: calls (the cache's share apart) and tokens per billed call, estimated against spent,
// so a gap in the total shows whether it lies in the sizes or in how often a role is called.
console.log(
  `review-pipeline by role (expected → actual): ${typedEstimate.expected.roles
    .map((role) => {
      const spent = usage[role.role];
      const billed = spent?.calls ?? 0;
      const perCall = (tokens: number, calls: number) =>
        calls === 0 ? 0 : Math.round(tokens / calls);
      return `${role.role} ${role.calls} → ${billed}${spent?.cachedCalls ? ` (+${spent.cachedCalls} cached)` : ''} calls, ${perCall(role.inputTokens, role.calls)} → ${perCall(spent?.inputTokens ?? 0, billed)} in / ${perCall(role.outputTokens, role.calls)} → ${perCall(spent?.outputTokens ?? 0, billed)} out a call`;
    })
    .join(
      '; ',
    )}; the run took ${(run as { steps?: number }).steps} steps and kept ${(run as { candidates?: number }).candidates} candidates`,
);

const header = [
  '',
  'expected evals',
  'upper evals',
  'actual evals',
  'exp/act',
  'expected $',
  'upper $',
  'actual $',
  'exp/act',
];
const widths = header.map((_, column) =>
  Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)),
);
for (const row of [header, ...rows])
  console.log(
    row
      .map((cell, column) =>
        cell
          .replace('NaN', '')
          .replace('$NaN', '')
          .padEnd(widths[column] ?? 0),
      )
      .join('  '),
  );
rmSync(root, { recursive: true, force: true });
