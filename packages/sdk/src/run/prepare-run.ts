import type { Method } from '@forge/method';
import type { Benchmark, Splits } from '@forge/program';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { loadMethod } from '../methods/method-registry.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import { loadExtraTraining } from './extra-training.js';
import { loadConfiguredBenchmark, loadConfiguredSplits } from './load-benchmark.js';
import type { LoadedRunConfig } from './read-optimize-config.js';
import { runConcurrency } from './run-concurrency.js';
import { checkModuleModels, checkRoleModels, methodSettingsOf } from './run-method-context.js';

/** The method and the data of a run, checked before anything is written. */
export interface PreparedRun {
  /** The method that runs. */
  readonly method: Method;
  /** The method's validated settings. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** The benchmark id (or the program's name). */
  readonly id: string;
  /** The benchmark (a registered one, or made of a program object). */
  readonly benchmark: Benchmark;
  /** The splits, with the extra training instances appended to `train`. */
  readonly splits: Splits;
  /** How many training instances came from `extraTrain` files. */
  readonly extraTraining: number;
  /** The config with the run's concurrency decided (see `runConcurrency`); never saved. */
  readonly sizedConfig: ForgeConfig & { readonly concurrency: number };
}

/**
 * Stage 2 of `optimize`: registers the config's providers, loads the method and checks its
 * settings and role models, loads the benchmark, its splits and the extra training data, and
 * decides the run's concurrency.
 */
export async function prepareRun(
  loaded: LoadedRunConfig,
  configFile: string | undefined,
): Promise<PreparedRun> {
  const { config, file } = loaded;
  await registerConfigProviders(config.providers, configFile);
  const method = await loadMethod(config.method);
  checkRoleModels(method, config, file);
  const settings = methodSettingsOf(method, config, {
    file,
    ...(loaded.lineOf === undefined ? {} : { lineOf: loaded.lineOf }),
  });
  const { id, benchmark } = await loadConfiguredBenchmark(config, loaded.objects.benchmark);
  checkModuleModels(benchmark, config, file);
  const original = await loadConfiguredSplits(benchmark, config);
  const extra = await loadExtraTraining(config.extraTrain, benchmark, original);
  const splits: Splits = { ...original, train: [...original.train, ...extra] };
  checkSplits(splits, config);
  const concurrency = runConcurrency(
    config,
    Math.max(splits.validation.length, config.minibatchSize),
  );
  return {
    method,
    settings,
    id,
    benchmark,
    splits,
    extraTraining: extra.length,
    sizedConfig: { ...config, concurrency },
  };
}

function checkSplits(splits: Splits, config: ForgeConfig): void {
  const where = config.program ?? config.benchmark ?? 'benchmark';
  if (splits.train.length === 0)
    throw new ConfigError({ file: where, message: 'the training split is empty' });
  if (splits.validation.length === 0)
    throw new ConfigError({ file: where, message: 'the validation split is empty' });
  if (config.budget.maxEvaluations < splits.validation.length) {
    throw new ConfigError({
      file: '<options>',
      field: 'budget.maxEvaluations',
      message: `must be at least the validation size (${splits.validation.length}): the seed is evaluated on all of it`,
    });
  }
}
