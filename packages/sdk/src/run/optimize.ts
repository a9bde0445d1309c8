import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { SearchResult } from '@forge/core';
import type { MethodCandidate, MethodResult } from '@forge/method';
import type { Benchmark, Demonstrations, Splits } from '@forge/program';
import { InvalidArgumentError } from '@forge/provider';
import { SqliteCallCache, SqliteCallRecorder, type SqliteRunStore } from '@forge/store';
import { auditLeakage, type LeakageAudit } from '@forge/synth';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig, ForgeConfigInput } from '../config/forge-config-schema.js';
import { parseForgeConfig } from '../config/load-config.js';
import {
  assertObjectsGivenAgain,
  type BenchmarkInput,
  detachObjectInputs,
  type ModelInput,
  type ProgramObjectFields,
} from '../inputs/object-inputs.js';
import { isForgeMethodResult } from '../methods/forge-method.js';
import { loadMethod } from '../methods/method-registry.js';
import { registerConfigProviders } from '../models/register-config-providers.js';
import { checkCostLimit } from './check-cost-limit.js';
import { evaluateOnTest } from './evaluate-test.js';
import { loadExtraTraining } from './extra-training.js';
import { loadConfiguredBenchmark, loadConfiguredSplits } from './load-benchmark.js';
import { openRunStore, retryListener } from './open-run-store.js';
import { assertSecretsResupplied, explainMissingSecret } from './restore-secrets.js';
import { runConcurrency } from './run-concurrency.js';
import {
  defaultRunDir,
  isRunDirectory,
  readSavedRunConfig,
  saveRunConfig,
} from './run-directory.js';
import { checkRoleModels, createMethodContext, methodSettingsOf } from './run-method-context.js';
import { createRunModels, type RunModels } from './run-models.js';
import type { ForgeEvent, ForgeRunEndEvent } from './sdk-events.js';
import { writeRunArtifacts } from './write-run-artifacts.js';

/**
 * What `optimize` takes: everything a config file holds (`ForgeConfigInput`), and in the library
 * objects besides names — a `LanguageModel` object (or settings whose `model` is one) for any
 * model, a `Benchmark` object for `benchmark`, or a `Program` object in `program` with its
 * `metric`, `train`, `validation` (and optionally `test`, `signature`) arrays. Objects are never
 * saved with the run: `config.json` lists their fields under `objectInputs`, and a resume needs
 * them given again.
 */
export type OptimizeConfig = Omit<
  Partial<ForgeConfigInput>,
  'taskModel' | 'optimizerModel' | 'roleModels' | 'benchmark' | 'program'
> &
  ProgramObjectFields & {
    /** The model the program runs on. */
    readonly taskModel?: ModelInput;
    /** The model of the optimizer roles. */
    readonly optimizerModel?: ModelInput;
    /** Per-role overrides of the optimizer model. */
    readonly roleModels?: Readonly<Record<string, ModelInput>>;
    /** A benchmark id, or a `Benchmark` object. */
    readonly benchmark?: BenchmarkInput;
  };

/** The model fields of an optimize config that may hold objects. */
export const optimizeModelFields = ['taskModel', 'optimizerModel', 'roleModels.*'] as const;

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
  /** The best candidate's few-shot demonstrations by module, when it has any (MIPROv2). */
  readonly bestDemos?: Demonstrations;
  /** Files written to the run directory (relative paths). */
  readonly files: readonly string[];
  /** The method's result (candidates, counts, usage, score-vs-evaluations history). */
  readonly result: MethodResult;
  /** The core's result (full state, lineage, history), for runs of Forge's variants. */
  readonly search?: SearchResult;
  /**
   * The method's admitted synthetic data checked against validation and test after the run
   * (the paper's D.2), when the method made any and `guards.audit` is not false.
   */
  readonly leakageAudit?: LeakageAudit;
  /** Extra training instances appended from `extraTrain` files. */
  readonly extraTraining: number;
}

/**
 * Runs a method (Forge's variants, or any registered `Method`) on a benchmark or a user program:
 * validates the config, loads the data and checks every model's settings before anything is
 * written; then opens (or resumes) the run directory, runs the method, evaluates the seed and the
 * best candidate on the test split (reporting only), and writes the artifacts and the report.
 */
export async function optimize(
  input: OptimizeConfig,
  options: OptimizeOptions = {},
): Promise<OptimizeResult> {
  const file = options.configFile ?? '<options>';
  const { value: config, objects } = detachObjectInputs(input, optimizeModelFields);
  // Secrets are never saved with a run: on resume they come again from the config or environment.
  const saved = options.resume === undefined ? undefined : readSavedRunConfig(options.resume);
  if (saved !== undefined && options.resume !== undefined) {
    assertObjectsGivenAgain(saved.objectInputs, objects, {
      file: join(options.resume, 'config.json'),
      call: (fields) => `optimize({ ${fields} }, { resume })`,
    });
  }
  const parsed =
    saved === undefined
      ? parseForgeConfig({
          file,
          value: config,
          ...(options.configLineOf === undefined ? {} : { lineOf: options.configLineOf }),
        })
      : parseForgeConfig({
          file,
          value: mergeConfig(saved.config, config as Partial<ForgeConfigInput>),
        });
  // Saved absolute, so a resumed run finds its extra data from any working directory.
  const resolved: ForgeConfig =
    parsed.extraTrain === undefined
      ? parsed
      : { ...parsed, extraTrain: parsed.extraTrain.map((path) => resolve(path)) };
  await registerConfigProviders(resolved.providers, options.configFile);
  const method = await loadMethod(resolved.method);
  checkRoleModels(method, resolved, file);
  const settings = methodSettingsOf(method, resolved, {
    file,
    ...(options.configLineOf === undefined ? {} : { lineOf: options.configLineOf }),
  });
  const { id, benchmark } = await loadConfiguredBenchmark(resolved, objects.benchmark);
  const original = await loadConfiguredSplits(benchmark, resolved);
  const extra = await loadExtraTraining(resolved.extraTrain, benchmark, original);
  const splits: Splits = { ...original, train: [...original.train, ...extra] };
  checkSplits(splits, resolved);
  const sized = {
    ...resolved,
    concurrency: runConcurrency(
      resolved,
      Math.max(splits.validation.length, resolved.minibatchSize),
    ),
  };
  // A copy: process.env is not a plain object, and settings validation expects one.
  const environment = { ...(options.environment ?? process.env) };
  if (saved !== undefined && options.resume !== undefined) {
    assertSecretsResupplied(
      resolved,
      saved.removedSecrets,
      environment,
      join(options.resume, 'config.json'),
    );
  }
  // Resolving once without a run directory checks keys and providers before anything is created.
  let checked: RunModels;
  try {
    checked = createRunModels(resolved, {
      environment,
      roles: method.roles,
      models: objects.models,
    });
  } catch (error) {
    throw explainMissingSecret(error, saved?.removedSecrets ?? []);
  }
  checkCostLimit(resolved, checked, file);

  const runDir = resolve(options.resume ?? resolved.runDir ?? defaultRunDir(id));
  if (options.resume === undefined && isRunDirectory(runDir)) {
    throw new InvalidArgumentError({
      argument: 'runDir',
      message: `runDir: ${runDir} already holds a run; continue it with --resume ${runDir}, or choose another run directory`,
    });
  }
  const emit = (event: ForgeEvent) => options.onEvent?.(event);
  const store = openRunStore(runDir, resolved, { resumed: options.resume !== undefined, emit });
  let models: RunModels | undefined;
  const emitEndpointStatus = () => {
    const pools = models?.pools() ?? [];
    if (pools.length === 0) return;
    emit({
      type: 'endpoint-status',
      pools: pools.map(({ model, roles, pool }) => ({ model, roles, status: pool.status() })),
    });
  };
  try {
    models = createRunModels(resolved, {
      environment,
      roles: method.roles,
      onRetry: retryListener(store, emit),
      taskConcurrency: sized.concurrency,
      recorder: new SqliteCallRecorder(store.database),
      ...(resolved.cache ? { cache: new SqliteCallCache(store.database) } : {}),
      onPoolEvent: emit,
      models: objects.models,
    });
    const simulated = Object.values(models.names).some((name) => name.startsWith('sim:'));
    // Forge's variants write a run header; every method's first start records its id.
    const resumed = store.getMeta('header') !== undefined || store.getMeta('method') !== undefined;
    if (!resumed) {
      saveRunConfig(runDir, { ...resolved, runDir }, objects.fields);
      store.writeInstances('train', splits.train);
      store.writeInstances('validation', splits.validation);
      store.writeInstances('test', splits.test);
      for (const [key, value] of Object.entries({
        benchmark: id,
        title: benchmark.title,
        method: method.id,
        variant: method.id,
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
    // Who writes the run, so `forge runs` can tell a live run from one that was killed.
    store.setMeta('writer_pid', String(process.pid));
    store.setMeta('writer_host', hostname());
    store.setMeta('unpriced_models', JSON.stringify(models.unpricedModels));
    emit({
      type: 'run-prepared',
      runDir,
      benchmark: id,
      title: benchmark.title,
      method: method.id,
      methodTitle: method.title,
      variant: method.id,
      models: models.names,
      sizes: {
        train: splits.train.length,
        validation: splits.validation.length,
        test: splits.test.length,
      },
      resumed,
      simulated,
      unpricedModels: models.unpricedModels,
    });

    const result = await method.run(
      createMethodContext({
        method,
        config: sized,
        settings,
        benchmark,
        splits,
        models,
        store,
        runDir,
        ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
        ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
        // Methods may emit richer events than the contract's (Forge's core does): pass them on.
        onEvent: (event) => emit(event as ForgeEvent),
      }),
    );
    const leakageAudit =
      result.syntheticInstances === undefined || resolved.guards?.audit === false
        ? undefined
        : auditLeakage({
            signature: benchmark.signature,
            synthetic: result.syntheticInstances,
            partitions: { validation: splits.validation, test: splits.test },
          });
    // A run the user stopped spends nothing more: the test split is left for `forge eval`.
    const stopRequested = options.stopSignal?.aborted === true;
    if (stopRequested) emit({ type: 'test-skipped', runDir, reason: 'stop-requested' });
    const testScores = stopRequested
      ? {}
      : await evaluateTestSplit(sized, benchmark, splits, models, result, store, options, emit);
    store.setMeta('status', result.stopReason.startsWith('stop') ? 'stopped' : 'completed');
    store.setMeta('stop_reason', result.stopReason);
    const costUsd = models.costMeter.totals().total.usd;
    const search = isForgeMethodResult(result) ? result.search : undefined;
    const end: ForgeRunEndEvent = {
      type: 'run-end',
      reason: result.stopReason,
      runDir,
      method: method.id,
      seedScore: result.seedValidation,
      bestScore: result.bestValidation,
      bestCandidate: result.bestCandidateIndex,
      evaluationsUsed: result.evaluationsUsed,
      maxEvaluations: resolved.budget.maxEvaluations,
      steps: result.steps,
      candidates: result.candidates,
      synthesisEvents: numberOr(result.summary?.['synthesisEvents'], 0),
      admitted: result.syntheticInstances?.length ?? 0,
      ...(testScores.seed === undefined ? {} : { testSeedScore: testScores.seed }),
      ...(testScores.best === undefined ? {} : { testBestScore: testScores.best }),
      costUsd,
      unpricedModels: models.costMeter.totals().unpricedModels,
      warnings: search?.warnings ?? [],
      simulated,
    };
    emitEndpointStatus();
    const files = writeRunArtifacts({
      runDir,
      store,
      result,
      end,
      ...(leakageAudit === undefined ? {} : { leakageAudit }),
      extraTraining: extra.length,
    });
    emit({ type: 'artifacts-written', runDir, files });
    await store.backup?.flush();
    emit(end);
    const { type: _type, ...summary } = end;
    return {
      ...summary,
      bestPrompts: result.bestCandidate.prompts,
      ...(result.bestCandidate.demos === undefined
        ? {}
        : { bestDemos: result.bestCandidate.demos }),
      files,
      result,
      ...(search === undefined ? {} : { search }),
      ...(leakageAudit === undefined ? {} : { leakageAudit }),
      extraTraining: extra.length,
    };
  } catch (error) {
    markFailed(store, error, options.abortSignal?.aborted === true);
    emitEndpointStatus();
    emit({
      type: 'run-end',
      reason: 'error',
      error: error instanceof Error ? error.message : String(error),
      runDir,
      method: resolved.method,
      seedScore: 0,
      bestScore: 0,
      bestCandidate: 0,
      evaluationsUsed: 0,
      maxEvaluations: resolved.budget.maxEvaluations,
      steps: 0,
      candidates: 0,
      synthesisEvents: 0,
      admitted: 0,
      costUsd: models?.costMeter.totals().total.usd ?? 0,
      unpricedModels: models?.costMeter.totals().unpricedModels ?? [],
      warnings: [],
      simulated: false,
    });
    throw error;
  } finally {
    await store.backup?.settle();
    models?.close();
    store.close();
  }
}

/** Records why the run ended early, when the disk still takes writes (a full one may not). */
function markFailed(store: SqliteRunStore, error: unknown, aborted: boolean): void {
  try {
    store.setMeta('status', aborted ? 'stopped' : 'failed');
    store.setMeta('error', error instanceof Error ? error.message : String(error));
  } catch {
    // The original error is the one to report.
  }
}

async function evaluateTestSplit(
  config: ForgeConfig & { readonly concurrency: number },
  benchmark: Benchmark,
  splits: Splits,
  models: RunModels,
  result: MethodResult,
  store: SqliteRunStore,
  options: OptimizeOptions,
  emit: (event: ForgeEvent) => void,
): Promise<{ seed?: number; best?: number }> {
  if (!config.evaluateTest || splits.test.length === 0) return {};
  const scores: { seed?: number; best?: number } = {};
  const targets: { label: 'seed' | 'best'; candidate: number; value: MethodCandidate }[] = [
    { label: 'seed', candidate: 0, value: result.seedCandidate },
  ];
  if (result.bestCandidateIndex !== 0)
    targets.push({
      label: 'best',
      candidate: result.bestCandidateIndex,
      value: result.bestCandidate,
    });
  for (const target of targets) {
    const tested = await evaluateOnTest({
      benchmark,
      model: models.task,
      prompts: target.value.prompts,
      ...(target.value.demos === undefined ? {} : { demos: target.value.demos }),
      test: splits.test,
      concurrency: config.concurrency,
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    });
    store.writeTestScores(target.candidate, tested.rows);
    emit({
      type: 'test-evaluated',
      label: target.label,
      candidate: target.candidate,
      score: tested.score,
      repeats: tested.repeats,
    });
    scores[target.label] = tested.score;
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

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
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
