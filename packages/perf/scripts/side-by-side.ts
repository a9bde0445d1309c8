// Side-by-side on the SIMULATED benchmark: Forge's five variants, GEPA, GEPA+merge, ACE and
// MIPROv2 at one evaluation ceiling, three seeds. Every model here is simulated (`@forge/sim`); the numbers say
// how the search methods behave in the simulated world, not how any real model would score.
//
//   pnpm turbo run build --filter=@forge/perf...       # first: the imports resolve to dist
//   pnpm --filter @forge/perf side-by-side             # print the table
//   pnpm --filter @forge/perf side-by-side --readme    # also rewrite it in methods/gepa/README.md
//   pnpm --filter @forge/perf side-by-side --check     # exit 1 when that README's table differs
//
// It lives here, above the core and every method, so that no method package depends on another
// or on the core; the table stays in GEPA's README, where the methods are compared.
//
// Forge's variants run through `@forge/core`'s `runSearch` with the options the sdk's host
// passes; GEPA, ACE and MIPROv2 run through their `Method`s with a memory-backed context. All get
// the same splits, the same simulated models and the same ceiling; the best candidate (with its
// demonstrations, for MIPROv2) is then scored on test.
import { readFileSync, writeFileSync } from 'node:fs';
import { runSearch, type SynthesisVariant } from '@forge/core';
import {
  createLimiter,
  evaluateMany,
  MemoryCheckpointStore,
  type Method,
  type MethodCandidate,
} from '@forge/method';
import { aceMethod } from '@forge/method-ace';
import { gepaMergeMethod, gepaMethod } from '@forge/method-gepa';
import { miproMethod } from '@forge/method-mipro';
import { createSimWorld, type SimWorld } from '@forge/sim';

const ceiling = 600;
const seeds = [0, 1, 2];
const forgeVariants = [
  'baseline',
  'prompt-search',
  'random-synthesis',
  'failure-memory',
  'forge',
] as const;

interface Outcome {
  readonly validation: number;
  readonly test: number;
  readonly evaluations: number;
  readonly candidates: number;
  /** Evaluations spent when the best candidate's validation pass ended. */
  readonly toBest: number;
}

async function testScore(
  world: SimWorld,
  candidate: MethodCandidate,
  test: Parameters<typeof evaluateMany>[0]['instances'],
) {
  const evaluated = await evaluateMany({
    program: world.benchmark.program,
    evaluate: world.benchmark.evaluate,
    model: world.taskModel,
    prompts: candidate.prompts,
    ...(candidate.demos === undefined ? {} : { demos: candidate.demos }),
    instances: test,
    limit: createLimiter(8),
  });
  return evaluated.reduce((sum, item) => sum + item.evaluation.score, 0) / evaluated.length;
}

async function runForge(variant: (typeof forgeVariants)[number], seed: number): Promise<Outcome> {
  const world = createSimWorld({ seed });
  const splits = await world.benchmark.loadSplits();
  const schedule = world.benchmark.synthesis;
  const synthesizes = variant !== 'baseline' && variant !== 'prompt-search';
  const result = await runSearch({
    program: world.benchmark.program,
    evaluate: world.benchmark.evaluate,
    taskModel: world.taskModel,
    optimizerModel: world.optimizerModel,
    train: splits.train,
    validation: splits.validation,
    maxEvaluations: ceiling,
    seed,
    minibatchSize: 3,
    ...(variant === 'baseline' ? { maxSteps: 0 } : {}),
    ...(synthesizes
      ? {
          synthesis: {
            variant: variant as SynthesisVariant,
            attempts: schedule.attempts,
            epochs: schedule.epochs,
            patience: schedule.patience,
            signature: world.benchmark.signature,
            ...(world.benchmark.synthesisTools === undefined
              ? {}
              : { tools: world.benchmark.synthesisTools }),
            holdout: splits.validation,
          },
        }
      : {}),
  });
  return {
    validation: result.bestScore,
    test: await testScore(world, { prompts: result.bestCandidate.prompts }, splits.test),
    evaluations: result.evaluationsUsed,
    candidates: result.candidates.length,
    toBest:
      variant === 'baseline'
        ? splits.validation.length
        : result.bestCandidate.evaluationsAtDiscovery + splits.validation.length,
  };
}

async function runMethod(method: Method, seed: number): Promise<Outcome> {
  const world = createSimWorld({ seed });
  const splits = await world.benchmark.loadSplits();
  const result = await method.run({
    runDir: '<memory>',
    benchmark: world.benchmark,
    train: splits.train,
    validation: splits.validation,
    seedCandidate: {
      prompts: Object.fromEntries(
        world.benchmark.program.modules.map((module) => [module.name, module.seedPrompt]),
      ),
    },
    models: { task: world.taskModel, optimizer: () => world.optimizerModel },
    budget: { maxEvaluations: ceiling },
    seed,
    minibatchSize: 3,
    concurrency: 8,
    settings: method.parseSettings?.({}) ?? {},
    storage: { checkpoints: new MemoryCheckpointStore() },
    onEvent: () => {},
    clock: Date.now,
  });
  return {
    validation: result.bestValidation,
    test: await testScore(world, result.bestCandidate, splits.test),
    evaluations: result.evaluationsUsed,
    candidates: result.candidates,
    toBest:
      result.history.find((point) => point.candidate === result.bestCandidateIndex)
        ?.evaluationsUsed ?? 0,
  };
}

const format = (value: number) => value.toFixed(2);
const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

function row(name: string, outcomes: readonly Outcome[]): string {
  return `| ${name} | ${outcomes.map((outcome) => format(outcome.validation)).join(' / ')} | ${format(mean(outcomes.map((outcome) => outcome.validation)))} | ${format(mean(outcomes.map((outcome) => outcome.test)))} | ${Math.round(mean(outcomes.map((outcome) => outcome.evaluations)))} | ${format(mean(outcomes.map((outcome) => outcome.candidates)))} | ${Math.round(mean(outcomes.map((outcome) => outcome.toBest)))} |`;
}

async function main(): Promise<void> {
  const lines = [
    `SIMULATED — \`@forge/sim\` models, default sizes, ceiling ${ceiling} evaluations, minibatch 3, seeds ${seeds.join(', ')}; (K, E, P) = (12, 3, 8) for Forge's synthesis variants.`,
    '',
    '| method | best validation (seeds 0 / 1 / 2) | mean | test of best (mean) | evaluations used (mean) | candidates (mean) | evaluations to reach the best (mean) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const variant of forgeVariants) {
    const outcomes: Outcome[] = [];
    for (const seed of seeds) outcomes.push(await runForge(variant, seed));
    lines.push(row(`Forge: ${variant}`, outcomes));
  }
  for (const method of [gepaMethod, gepaMergeMethod, aceMethod, miproMethod]) {
    const outcomes: Outcome[] = [];
    for (const seed of seeds) outcomes.push(await runMethod(method, seed));
    lines.push(row(method.title, outcomes));
  }
  const table = lines.join('\n');
  process.stdout.write(`${table}\n`);
  const path = new URL('../../../methods/gepa/README.md', import.meta.url);
  const readme = readFileSync(path, 'utf8');
  const updated = withTable(readme, table);
  if (process.argv.includes('--readme')) writeFileSync(path, updated);
  if (process.argv.includes('--check') && updated !== readme) {
    process.stderr.write(
      'methods/gepa/README.md: the side-by-side table differs from this run; rerun with --readme\n',
    );
    process.exitCode = 1;
  }
}

/** The README with the text between its side-by-side markers replaced by `table`. */
function withTable(readme: string, table: string): string {
  const start = '<!-- side-by-side:start -->';
  const end = '<!-- side-by-side:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error('README.md has no side-by-side markers');
  return `${readme.slice(0, from + start.length)}\n${table}\n${readme.slice(to)}`;
}

await main();
