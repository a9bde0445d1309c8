import type { SuiteCell } from '@forge/suite';
import type { ForgeConfigInput } from '../config/forge-config-schema.js';
import { isForgeVariant } from '../run/run-method-context.js';
import { modelSettings } from '../run/run-models.js';
import { suiteBenchmarkId } from './load-suite-config.js';
import type { SuiteConfig } from './suite-config-schema.js';

/**
 * The run config of one cell: the suite's shared settings, the cell's benchmark, models, method
 * and seed, and its budget — the reference runs to completion under the suite's cap (B.4), an
 * aligned cell gets its ceiling as `maxEvaluations`, a control the cap; Forge's cells never stop
 * at a perfect score (`stopAtPerfectScore: false`). The suite's other caps
 * (steps, wall time, optimizer cost) apply to every cell; its role overrides apply to the roles
 * the cell's method has.
 */
export function cellRunConfig(options: {
  readonly config: SuiteConfig;
  readonly cell: SuiteCell;
  readonly ceiling: number | null;
  readonly runDir: string;
  readonly extraTrain?: readonly string[];
  /** The method's roles: the suite's role overrides are kept for these only. */
  readonly methodRoles: readonly string[];
}): ForgeConfigInput {
  const { config, cell, ceiling } = options;
  const entry = config.benchmarks.find(
    (candidate) => suiteBenchmarkId(candidate) === cell.benchmark,
  );
  if (entry === undefined)
    throw new Error(`cell ${cell.id}: benchmark ${cell.benchmark} is not in the suite`);
  const model = (entries: SuiteConfig['taskModels'], label: string) =>
    entries.find((candidate) => modelSettings(candidate).model === label) ?? label;
  const { maxEvaluations, stopAtCompletion, ...caps } = config.budget;
  const methodSettings = config.methodSettings?.[cell.method];
  return {
    ...(typeof entry === 'string'
      ? { benchmark: entry }
      : {
          ...(entry.program === undefined ? { benchmark: entry.id } : { program: entry.program }),
          ...(entry.dataDir === undefined ? {} : { dataDir: entry.dataDir }),
          ...(entry.benchmarkSettings === undefined
            ? {}
            : { benchmarkSettings: entry.benchmarkSettings }),
        }),
    taskModel: model(config.taskModels, cell.taskModel),
    optimizerModel: model(config.optimizerModels, cell.optimizerModel),
    method: cell.method,
    ...(methodSettings === undefined ? {} : { methodSettings }),
    seed: cell.seed,
    budget: {
      ...caps,
      maxEvaluations: ceiling ?? maxEvaluations,
      ...(cell.role === 'reference' && stopAtCompletion ? { stopAtCompletion: true } : {}),
      // The paper's alignment compares spends under the same stop rules as its references, which
      // never stop at a perfect score; so Forge's cells do not either (the peers never do).
      ...(isForgeVariant(cell.method) ? { stopAtPerfectScore: false } : {}),
    },
    ...(options.extraTrain === undefined || options.extraTrain.length === 0
      ? {}
      : { extraTrain: [...options.extraTrain] }),
    ...(config.providers === undefined ? {} : { providers: config.providers }),
    ...(config.roleModels === undefined
      ? {}
      : {
          roleModels: Object.fromEntries(
            Object.entries(config.roleModels).filter(([role]) =>
              options.methodRoles.includes(role),
            ),
          ),
        }),
    ...(config.synthesis === undefined ? {} : { synthesis: config.synthesis }),
    ...(config.guards === undefined ? {} : { guards: config.guards }),
    ...(config.subset === undefined ? {} : { subset: config.subset }),
    ...(config.prices === undefined ? {} : { prices: config.prices }),
    ...(config.estimateAnswerTokens === undefined
      ? {}
      : { estimateAnswerTokens: config.estimateAnswerTokens }),
    minibatchSize: config.minibatchSize,
    concurrency: config.concurrency,
    cache: config.cache,
    evaluateTest: config.evaluateTest,
    runDir: options.runDir,
  };
}
