import { resolve } from 'node:path';
import {
  runSearch,
  type SearchOptions,
  type SearchResult,
  type SynthesisOptions,
} from '@forge/core';
import type { Benchmark, Splits } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import {
  SqliteCallCache,
  SqliteCallRecorder,
  SqliteRunStore,
  SqliteSynthesisJournal,
} from '@forge/store';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig, ForgeConfigInput } from '../config/forge-config-schema.js';
import { parseForgeConfig } from '../config/load-config.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import { evaluateOnTest } from './evaluate-test.js';
import { loadConfiguredBenchmark, loadConfiguredSplits } from './load-benchmark.js';
import { defaultRunDir, isRunDirectory, loadRunConfig, saveRunConfig } from './run-directory.js';
import { createRunModels, type RunModels } from './run-models.js';
import type { ForgeEvent, ForgeRunEndEvent } from './sdk-events.js';
import { writeRunArtifacts } from './write-run-artifacts.js';

/** Options of `optimize` besides the config. */
export interface OptimizeOptions {
  /** Receives every event; the last one is always `run-end`. */
  readonly onEvent?: (event: ForgeEvent) => void;
  /** Graceful stop: the run finishes its current step, saves, and ends. */
  readonly stopSignal?: AbortSignal;
  /** Immediate stop: in-flight calls are aborted; the run stays at its last saved step. */
  readonly abortSignal?: AbortSignal;
  /**
   * A run directory to continue. Its saved config is used; fields of `config` given here
   * override it (e.g. a larger budget).
   */
  readonly resume?: string;
  /** Where the config came from, for error messages. Default `<options>`. */
  readonly configFile?: string;
  /** The line of a config field in `configFile`, so errors can name it. */
  readonly configLineOf?: (path: readonly PropertyKey[]) => number | undefined;
  /** Environment to read API keys from. Default `process.env`. */
  readonly environment?: Record<string, string | undefined>;
}

/** What a finished (or stopped) run produced. */
export interface OptimizeResult extends Omit<ForgeRunEndEvent, 'type' | 'error'> {
  /** The best candidate's prompts, by module. */
  readonly bestPrompts: Readonly<Record<string, string>>;
  /** Files written to the run directory (relative paths). */
  readonly files: readonly string[];
  /** The core's result (full state, lineage, history). */
  readonly search: SearchResult;
}

/**
 * Runs Forge on a benchmark or a user program: validates the config, loads the data and checks
 * every model's settings before anything is written; then opens (or resumes) the run directory,
 * runs the search with the configured variant, evaluates the seed and the best candidate on the
 * test split (reporting only), and writes the artifacts and the HTML report.
 */
export async function optimize(
  config: ForgeConfigInput | Partial<ForgeConfigInput>,
  options: OptimizeOptions = {},
): Promise<OptimizeResult> {
  const file = options.configFile ?? '<options>';
  const resolved =
    options.resume === undefined
      ? parseForgeConfig({
          file,
          value: config,
          ...(options.configLineOf === undefined ? {} : { lineOf: options.configLineOf }),
        })
      : parseForgeConfig({ file, value: mergeConfig(loadRunConfig(options.resume), config) });
  await registerConfigProviders(resolved.providers, options.configFile);
  const { id, benchmark } = await loadConfiguredBenchmark(resolved);
  const splits = await loadConfiguredSplits(benchmark, resolved);
  checkSplits(splits, resolved);
  // A copy: process.env is not a plain object, and settings validation expects one.
  const environment = { ...(options.environment ?? process.env) };
  // Resolving once without a run directory checks keys and providers before anything is created.
  createRunModels(resolved, { environment });

  const runDir = resolve(options.resume ?? resolved.runDir ?? defaultRunDir(id));
  if (options.resume === undefined && isRunDirectory(runDir)) {
    throw new InvalidArgumentError({
      argument: 'runDir',
      message: `runDir: ${runDir} already holds a run; continue it with --resume ${runDir}, or choose another run directory`,
    });
  }
  const store = new SqliteRunStore(runDir);
  const emit = (event: ForgeEvent) => options.onEvent?.(event);
  let models: RunModels | undefined;
  try {
    models = createRunModels(resolved, {
      environment,
      recorder: new SqliteCallRecorder(store.database),
      ...(resolved.cache ? { cache: new SqliteCallCache(store.database) } : {}),
    });
    const simulated = Object.values(models.names).some((name) => name.startsWith('sim:'));
    const resumed = store.getMeta('header') !== undefined;
    if (!resumed) {
      saveRunConfig(runDir, { ...resolved, runDir });
      store.writeInstances('train', splits.train);
      store.writeInstances('validation', splits.validation);
      store.writeInstances('test', splits.test);
      for (const [key, value] of Object.entries({
        benchmark: id,
        title: benchmark.title,
        variant: resolved.variant,
        models: JSON.stringify(models.names),
        simulated: String(simulated),
        max_evaluations: String(resolved.budget.maxEvaluations),
      })) {
        store.setMeta(key, value);
      }
    } else {
      store.setMeta('max_evaluations', String(resolved.budget.maxEvaluations));
    }
    store.setMeta('status', 'running');
    emit({
      type: 'run-prepared',
      runDir,
      benchmark: id,
      title: benchmark.title,
      variant: resolved.variant,
      models: models.names,
      sizes: {
        train: splits.train.length,
        validation: splits.validation.length,
        test: splits.test.length,
      },
      resumed,
      simulated,
    });

    const search = await runSearch(
      searchOptions(resolved, benchmark, splits, models, store, options, emit),
    );
    const testScores = await evaluateTestSplit(
      resolved,
      benchmark,
      splits,
      models,
      search,
      store,
      options,
      emit,
    );
    store.setMeta('status', search.stopReason.startsWith('stop') ? 'stopped' : 'completed');
    store.setMeta('stop_reason', search.stopReason);
    const costUsd = models.costMeter.totals().total.usd;
    const end: ForgeRunEndEvent = {
      type: 'run-end',
      reason: search.stopReason,
      runDir,
      seedScore: search.seedScore,
      bestScore: search.bestScore,
      bestCandidate: search.bestCandidate.index,
      evaluationsUsed: search.evaluationsUsed,
      steps: search.steps,
      candidates: search.candidates.length,
      synthesisEvents: search.state.synthesis.length,
      admitted: search.state.syntheticInstances.length,
      ...(testScores.seed === undefined ? {} : { testSeedScore: testScores.seed }),
      ...(testScores.best === undefined ? {} : { testBestScore: testScores.best }),
      costUsd,
      simulated,
    };
    const files = writeRunArtifacts({ runDir, store, search, result: end });
    emit({ type: 'artifacts-written', runDir, files });
    emit(end);
    const { type: _type, ...summary } = end;
    return { ...summary, bestPrompts: search.bestCandidate.prompts, files, search };
  } catch (error) {
    store.setMeta('status', 'failed');
    store.setMeta('error', error instanceof Error ? error.message : String(error));
    emit({
      type: 'run-end',
      reason: 'error',
      error: error instanceof Error ? error.message : String(error),
      runDir,
      seedScore: 0,
      bestScore: 0,
      bestCandidate: 0,
      evaluationsUsed: 0,
      steps: 0,
      candidates: 0,
      synthesisEvents: 0,
      admitted: 0,
      costUsd: models?.costMeter.totals().total.usd ?? 0,
      simulated: false,
    });
    throw error;
  } finally {
    store.close();
  }
}

function searchOptions(
  config: ForgeConfig,
  benchmark: Benchmark,
  splits: Splits,
  models: RunModels,
  store: SqliteRunStore,
  options: OptimizeOptions,
  emit: (event: ForgeEvent) => void,
): SearchOptions {
  const schedule = { ...benchmark.synthesis, ...config.synthesis };
  const synthesis: SynthesisOptions | undefined =
    config.variant === 'forge' ||
    config.variant === 'failure-memory' ||
    config.variant === 'random-synthesis'
      ? {
          variant: config.variant,
          attempts: schedule.attempts,
          epochs: schedule.epochs,
          patience: schedule.patience,
          signature: benchmark.signature,
          ...(benchmark.synthesisTools === undefined ? {} : { tools: benchmark.synthesisTools }),
          holdout: [...splits.validation, ...splits.test],
          models: { assign: models.assign, generate: models.generate, verify: models.verify },
          ...(config.synthesis?.concurrency === undefined
            ? {}
            : { concurrency: config.synthesis.concurrency }),
          ...(config.synthesis?.maxAgentSteps === undefined
            ? {}
            : { maxAgentSteps: config.synthesis.maxAgentSteps }),
          journal: new SqliteSynthesisJournal(store.database),
        }
      : undefined;
  const budget = config.budget;
  return {
    program: benchmark.program,
    evaluate: benchmark.evaluate,
    taskModel: models.task,
    optimizerModel: models.reflect,
    train: splits.train,
    validation: splits.validation,
    maxEvaluations: budget.maxEvaluations,
    seed: config.seed,
    minibatchSize: config.minibatchSize,
    concurrency: config.concurrency,
    store,
    ...(synthesis === undefined ? {} : { synthesis }),
    // The baseline evaluates the seed and stops.
    ...(config.variant === 'baseline'
      ? { maxSteps: 0 }
      : budget.maxSteps === undefined
        ? {}
        : { maxSteps: budget.maxSteps }),
    ...(budget.maxWallTimeMinutes === undefined
      ? {}
      : { maxWallTimeMs: budget.maxWallTimeMinutes * 60_000 }),
    ...(budget.maxOptimizerCostUsd === undefined && budget.maxOptimizerTokens === undefined
      ? {}
      : {
          maxOptimizerCost: {
            ...(budget.maxOptimizerCostUsd === undefined
              ? {}
              : { usd: budget.maxOptimizerCostUsd }),
            ...(budget.maxOptimizerTokens === undefined
              ? {}
              : { tokens: budget.maxOptimizerTokens }),
          },
        }),
    ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    onEvent: (event) => {
      if (event.type !== 'run-end') emit(event);
    },
  };
}

async function evaluateTestSplit(
  config: ForgeConfig,
  benchmark: Benchmark,
  splits: Splits,
  models: RunModels,
  search: SearchResult,
  store: SqliteRunStore,
  options: OptimizeOptions,
  emit: (event: ForgeEvent) => void,
): Promise<{ seed?: number; best?: number }> {
  if (!config.evaluateTest || splits.test.length === 0) return {};
  const scores: { seed?: number; best?: number } = {};
  const targets: { label: 'seed' | 'best'; candidate: number }[] = [
    { label: 'seed', candidate: 0 },
  ];
  if (search.bestCandidate.index !== 0)
    targets.push({ label: 'best', candidate: search.bestCandidate.index });
  for (const target of targets) {
    const prompts = search.candidates[target.candidate]?.prompts ?? {};
    const result = await evaluateOnTest({
      benchmark,
      model: models.task,
      prompts,
      test: splits.test,
      concurrency: config.concurrency,
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    });
    store.writeTestScores(target.candidate, result.rows);
    emit({
      type: 'test-evaluated',
      label: target.label,
      candidate: target.candidate,
      score: result.score,
      repeats: result.repeats,
    });
    scores[target.label] = result.score;
  }
  if (scores.best === undefined) scores.best = scores.seed;
  return scores;
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

/** A saved config with overrides on top (nested objects merged one level deep). */
function mergeConfig(saved: ForgeConfig, overrides: Partial<ForgeConfigInput>): unknown {
  const merged: Record<string, unknown> = { ...saved };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] =
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      typeof current === 'object' &&
      current !== null
        ? { ...(current as object), ...(value as object) }
        : value;
  }
  return merged;
}
