import type { Benchmark, Instance, Splits } from '@forge/program';
import { loadBenchmarkPackage } from '../benchmarks/benchmark-registry.js';
import { loadProgramModule } from '../benchmarks/load-program-module.js';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig } from '../config/forge-config-schema.js';

/**
 * The benchmark a config names, created with its data directory and settings; or the benchmark
 * object given in its place (the library API's objects).
 */
export async function loadConfiguredBenchmark(
  config: ForgeConfig,
  given?: Benchmark,
): Promise<{ id: string; benchmark: Benchmark }> {
  if (given !== undefined) return { id: given.id, benchmark: given };
  if (config.program !== undefined) {
    const benchmark = await loadProgramModule(config.program, {
      ...(config.dataDir === undefined ? {} : { dataDir: config.dataDir }),
      ...(config.benchmarkSettings === undefined ? {} : { settings: config.benchmarkSettings }),
    });
    return { id: benchmark.id, benchmark };
  }
  if (config.benchmark === undefined) {
    throw new ConfigError({
      file: '<options>',
      field: 'benchmark',
      message: 'name a benchmark (or give a program module)',
    });
  }
  const benchmarkPackage = await loadBenchmarkPackage(config.benchmark);
  const benchmark = await benchmarkPackage.createBenchmark({
    dataDir: config.dataDir ?? `data/${config.benchmark}`,
    ...(config.benchmarkSettings === undefined ? {} : { settings: config.benchmarkSettings }),
  });
  return { id: config.benchmark, benchmark };
}

/** Loads the splits and applies the config's subset (the first N of each split). */
export async function loadConfiguredSplits(
  benchmark: Benchmark,
  config: ForgeConfig,
): Promise<Splits> {
  const splits = await benchmark.loadSplits();
  const take = (instances: readonly Instance[], count: number | undefined) =>
    count === undefined ? instances : instances.slice(0, count);
  return {
    train: take(splits.train, config.subset?.train),
    validation: take(splits.validation, config.subset?.validation),
    test: take(splits.test, config.subset?.test),
  };
}

/** What may override a saved run's benchmark choice. */
export interface BenchmarkOverrides {
  readonly providers?: Readonly<Record<string, string>>;
  readonly benchmark?: string;
  readonly program?: string;
  readonly dataDir?: string;
  readonly benchmarkSettings?: Readonly<Record<string, unknown>>;
}

/** A run's saved config (when there is one) with the benchmark fields given on top. */
export function withBenchmarkOverrides(
  runConfig: ForgeConfig | undefined,
  overrides: BenchmarkOverrides,
): ForgeConfig {
  return {
    ...(runConfig ?? {}),
    ...(overrides.providers === undefined
      ? {}
      : { providers: { ...runConfig?.providers, ...overrides.providers } }),
    ...(overrides.benchmark === undefined
      ? {}
      : { benchmark: overrides.benchmark, program: undefined }),
    ...(overrides.program === undefined ? {} : { program: overrides.program }),
    ...(overrides.dataDir === undefined ? {} : { dataDir: overrides.dataDir }),
    ...(overrides.benchmarkSettings === undefined
      ? {}
      : { benchmarkSettings: { ...overrides.benchmarkSettings } }),
  } as ForgeConfig;
}
