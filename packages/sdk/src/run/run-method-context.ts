import type { Method, MethodContext, MethodEvent } from '@forge/method';
import { MethodSettingsError } from '@forge/method';
import type { Benchmark, Splits } from '@forge/program';
import { SqliteCheckpointStore, type SqliteRunStore, SqliteSynthesisJournal } from '@forge/store';
import { ConfigError } from '../config/config-error.js';
import type { ForgeConfig } from '../config/forge-config-schema.js';
import { forgeVariants } from '../methods/forge-method.js';
import type { ForgeStorage } from '../methods/forge-storage.js';
import { checkPerfectScoreStop } from '../methods/perfect-score-stop.js';
import type { RunModels } from './run-models.js';

/** True when the method is one of Forge's own variants. */
export function isForgeVariant(id: string): boolean {
  return (forgeVariants as readonly string[]).includes(id);
}

/**
 * The method's settings from a config: `methodSettings`, plus (for Forge's variants) the
 * `synthesis` block, `budget.stopAtCompletion` and `budget.stopAtPerfectScore` (which any other
 * method refuses when true). Validated by the method; a bad field becomes a
 * ConfigError naming the config field.
 */
export function methodSettingsOf(
  method: Method,
  config: ForgeConfig,
  where: { file: string; lineOf?: (path: readonly PropertyKey[]) => number | undefined },
): Readonly<Record<string, unknown>> {
  const raw: Record<string, unknown> = { ...config.methodSettings };
  if (isForgeVariant(method.id)) {
    if (config.synthesis !== undefined) raw['synthesis'] = config.synthesis;
    if (config.budget.stopAtCompletion !== undefined)
      raw['stopAtCompletion'] = config.budget.stopAtCompletion;
    if (config.budget.stopAtPerfectScore !== undefined)
      raw['stopAtPerfectScore'] = config.budget.stopAtPerfectScore;
    if (config.guards !== undefined) raw['guards'] = config.guards;
  } else {
    checkPerfectScoreStop(method.id, config.budget.stopAtPerfectScore, {
      file: where.file,
      line: where.lineOf?.(['budget', 'stopAtPerfectScore']),
    });
  }
  if (method.parseSettings === undefined) return raw;
  try {
    return method.parseSettings(raw);
  } catch (error) {
    if (!MethodSettingsError.isInstance(error)) throw error;
    const forge = isForgeVariant(method.id);
    const path =
      forge && (error.field.startsWith('synthesis') || error.field.startsWith('guards'))
        ? error.field.split('.')
        : forge && (error.field === 'stopAtCompletion' || error.field === 'stopAtPerfectScore')
          ? ['budget', error.field]
          : ['methodSettings', ...error.field.split('.')];
    throw new ConfigError({
      file: where.file,
      line: where.lineOf?.(path),
      field: path.join('.'),
      message: error.message.replace(/^[^:]*: /, ''),
      cause: error,
    });
  }
}

/**
 * Checks that every module model names a module of the program (a typo would otherwise run the
 * module on the task model without a word).
 */
export function checkModuleModels(
  benchmark: Pick<Benchmark, 'program'>,
  config: Pick<ForgeConfig, 'moduleModels'>,
  file: string,
): void {
  const modules = benchmark.program.modules.map((module) => module.name);
  for (const module of Object.keys(config.moduleModels ?? {})) {
    if (!modules.includes(module)) {
      throw new ConfigError({
        file,
        field: `moduleModels.${module}`,
        message: `program ${benchmark.program.name} has no module "${module}" (its modules: ${modules.join(', ')})`,
      });
    }
  }
}

/** Checks that every role override names a role the method calls. */
export function checkRoleModels(method: Method, config: ForgeConfig, file: string): void {
  for (const role of Object.keys(config.roleModels ?? {})) {
    if (!method.roles.includes(role)) {
      throw new ConfigError({
        file,
        field: `roleModels.${role}`,
        message: `method ${method.id} has no role "${role}" (its roles: ${method.roles.join(', ') || 'none'})`,
      });
    }
  }
}

/** The storage of a run directory: Forge's run store and journal, and generic checkpoints. */
export function runDirectoryStorage(store: SqliteRunStore): ForgeStorage {
  return {
    runStore: store,
    synthesisJournal: new SqliteSynthesisJournal(store.database),
    checkpoints: new SqliteCheckpointStore(store.database),
  };
}

/** Everything a method run gets from the sdk. */
export function createMethodContext(options: {
  method: Method;
  /** The config, with the run's concurrency decided (see `runConcurrency`). */
  config: ForgeConfig & { readonly concurrency: number };
  settings: Readonly<Record<string, unknown>>;
  benchmark: Benchmark;
  splits: Splits;
  models: RunModels;
  store: SqliteRunStore;
  runDir: string;
  stopSignal?: AbortSignal;
  abortSignal?: AbortSignal;
  onEvent: (event: MethodEvent) => void;
}): MethodContext {
  const { config, models } = options;
  const budget = config.budget;
  return {
    runDir: options.runDir,
    benchmark: options.benchmark,
    train: options.splits.train,
    validation: options.splits.validation,
    seedCandidate: {
      prompts: Object.fromEntries(
        options.benchmark.program.modules.map((module) => [module.name, module.seedPrompt]),
      ),
    },
    models: { task: models.task, optimizer: models.optimizer },
    budget: {
      maxEvaluations: budget.maxEvaluations,
      ...(budget.maxSteps === undefined ? {} : { maxSteps: budget.maxSteps }),
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
    },
    seed: config.seed,
    minibatchSize: config.minibatchSize,
    concurrency: config.concurrency,
    settings: options.settings,
    storage: runDirectoryStorage(options.store),
    ...(options.stopSignal === undefined ? {} : { stopSignal: options.stopSignal }),
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    onEvent: options.onEvent,
    clock: Date.now,
  };
}
