import {
  CostMeter,
  type EndpointPool,
  type EndpointPoolEvent,
  findModelPrice,
  parsePriceTable,
} from '@forge/endpoints';
import {
  type CallCache,
  type CallRecorder,
  type LanguageModel,
  ModelLimiter,
  parseModelString,
  type RetryEvent,
  registerEnvironmentSecrets,
  registerSecret,
  withModuleModels,
} from '@forge/provider';
import type { ForgeConfig, ModelConfig } from '../config/forge-config-schema.js';
import { endpointPoolOf, resolveModel } from '../models/resolve-model.js';
import { redactConfig } from './redact-config.js';
import { assertNoRedactedValues } from './restore-secrets.js';

/** Forge's own optimizer roles, always resolved. */
const forgeRoles = ['reflect', 'assign', 'generate', 'verify'] as const;

/** The models of one run, by role, and the meter that prices them. */
export interface RunModels {
  /**
   * The task model: calls of a module the config's `moduleModels` names go to that module's model,
   * every other call to `taskModel`.
   */
  readonly task: LanguageModel;
  /** Reflector. */
  readonly reflect: LanguageModel;
  /** Failure assigner. */
  readonly assign: LanguageModel;
  /** Synthetic-data generator. */
  readonly generate: LanguageModel;
  /** Verifier. */
  readonly verify: LanguageModel;
  /**
   * The model of any optimizer role: Forge's four, or a role another method declared
   * (`curate`, `propose`, …). Roles given to `createRunModels` are resolved up front; any other
   * role resolves on first use.
   */
  optimizer(role: string): LanguageModel;
  /** Usage and cost per role and model. */
  readonly costMeter: CostMeter;
  /**
   * The model strings by role (`task`, Forge's four roles and any extra role), for reports, and
   * by `task.<module>` for each module with a model of its own.
   */
  readonly names: Readonly<Record<string, string>>;
  /** Model strings (of the roles resolved so far) the price table has no price for, sorted. */
  readonly unpricedModels: readonly string[];
  /**
   * The endpoint pools of the models resolved so far (models with several base URLs), each
   * once, with the roles that use it.
   */
  pools(): readonly RunModelPool[];
  /** Stops the pools' probes and health checks (the run is over). */
  close(): void;
}

/** A model of the run that is a pool of servers. */
export interface RunModelPool {
  /** The model string, e.g. `openai:Qwen/Qwen3-8B`. */
  readonly model: string;
  /** The roles that call it (`task`, `reflect`, …). */
  readonly roles: readonly string[];
  /** The pool: `status()`, `subscribe(…)`. */
  readonly pool: EndpointPool;
}

/** A model entry in its long form. */
export function modelSettings(config: ModelConfig): Exclude<ModelConfig, string> {
  return typeof config === 'string' ? { model: config } : config;
}

/**
 * Resolves every role's model once, before any work is spent: a missing key or an unknown
 * provider fails here. Roles that name the same model with the same settings share one limiter,
 * since they share the endpoint's rate limits. A model whose settings give no `concurrency` gets
 * 8 calls in flight, or `taskConcurrency` for the task model (the run's evaluations in flight, so
 * the model's limiter does not split a validation pass into waves the run did not ask for).
 */
export function createRunModels(
  config: ForgeConfig,
  options: {
    cache?: CallCache;
    recorder?: CallRecorder;
    environment?: Record<string, string | undefined>;
    /** Optimizer roles besides Forge's four to resolve now (a method's `roles`). */
    roles?: readonly string[];
    /** Hears every endpoint pool's events (servers down, back, probes failed). */
    onPoolEvent?: (event: EndpointPoolEvent) => void;
    /** Hears every retried attempt of any role's calls. */
    onRetry?: (event: RetryEvent) => void;
    /** Calls in flight for a task model whose settings give none. Default 8. */
    taskConcurrency?: number;
    /** Model objects given in place of model strings, by the name the config holds for them. */
    models?: ReadonlyMap<string, LanguageModel>;
  } = {},
): RunModels {
  assertNoRedactedValues(config);
  // Whatever the config or the environment holds as a secret is redacted from every message from
  // here on (errors, retries, recorded calls), whatever provider made the message.
  registerEnvironmentSecrets(options.environment ?? process.env);
  redactConfig(config, { onSecret: registerSecret });
  const prices =
    config.prices === undefined
      ? undefined
      : parsePriceTable(toPriceTable(config.prices), 'prices');
  const costMeter = new CostMeter(prices === undefined ? {} : { prices });
  const limiters = new Map<string, ModelLimiter>();
  // Roles that name the same model with the same settings share one resolved model, so a pool
  // of servers is one pool (one set of per-server limits and health) however many roles use it.
  const resolvedModels = new Map<string, LanguageModel>();
  const poolRoles = new Map<EndpointPool, { model: string; roles: string[] }>();
  const resolve = (
    entry: ModelConfig,
    argument: string,
    role: string,
    defaultConcurrency = 8,
  ): LanguageModel => {
    const settings = modelSettings(entry);
    const key = JSON.stringify(settings);
    const known = resolvedModels.get(key);
    if (known !== undefined) {
      noteRole(known, settings.model, role);
      return known;
    }
    let limiter = limiters.get(key);
    if (limiter === undefined) {
      limiter = new ModelLimiter({
        concurrency: settings.concurrency ?? defaultConcurrency,
        ...(settings.requestsPerMinute === undefined
          ? {}
          : { requestsPerMinute: settings.requestsPerMinute }),
        ...(settings.tokensPerMinute === undefined
          ? {}
          : { tokensPerMinute: settings.tokensPerMinute }),
      });
      limiters.set(key, limiter);
    }
    const baseURL = settings.baseURLs ?? settings.baseURL;
    const providerSettings =
      settings.endpointConcurrency === undefined
        ? settings.settings
        : {
            ...settings.settings,
            pool: {
              ...(settings.settings?.['pool'] as Record<string, unknown> | undefined),
              endpointConcurrency: settings.endpointConcurrency,
            },
          };
    const model = resolveModel(options.models?.get(settings.model) ?? settings.model, {
      argument,
      limiter,
      ...(baseURL === undefined ? {} : { baseURL }),
      ...(providerSettings === undefined ? {} : { settings: providerSettings }),
      ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
      ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
      ...(settings.retryDelayMs === undefined && options.onRetry === undefined
        ? {}
        : {
            retry: {
              ...(settings.retryDelayMs === undefined
                ? {}
                : { initialDelayMs: settings.retryDelayMs }),
              ...(options.onRetry === undefined ? {} : { onRetry: options.onRetry }),
            },
          }),
      ...(settings.maxOutputTokens === undefined
        ? {}
        : { maxOutputTokens: settings.maxOutputTokens }),
      ...(settings.temperature === undefined ? {} : { temperature: settings.temperature }),
      ...(settings.providerOptions === undefined
        ? {}
        : { providerOptions: settings.providerOptions }),
      environment: { ...(options.environment ?? process.env) },
      ...(options.cache === undefined ? {} : { cache: options.cache }),
      ...(options.recorder === undefined ? {} : { recorder: options.recorder }),
      costMeter,
    });
    resolvedModels.set(key, model);
    noteRole(model, settings.model, role);
    return model;
  };
  const noteRole = (model: LanguageModel, name: string, role: string) => {
    const pool = endpointPoolOf(model);
    if (pool === undefined) return;
    let entry = poolRoles.get(pool);
    if (entry === undefined) {
      entry = { model: name, roles: [] };
      if (options.onPoolEvent !== undefined) pool.subscribe(options.onPoolEvent);
    }
    if (!entry.roles.includes(role)) entry.roles.push(role);
    poolRoles.set(pool, entry);
  };
  const overrides = config.roleModels ?? {};
  const entryOf = (role: string): ModelConfig => overrides[role] ?? config.optimizerModel;
  const byRole = new Map<string, LanguageModel>();
  const names: Record<string, string> = { task: modelSettings(config.taskModel).model };
  const optimizer = (role: string): LanguageModel => {
    let model = byRole.get(role);
    if (model === undefined) {
      model = resolve(
        entryOf(role),
        overrides[role] === undefined ? 'optimizerModel' : `roleModels.${role}`,
        role,
      );
      byRole.set(role, model);
      names[role] = modelSettings(entryOf(role)).model;
    }
    return model;
  };
  const taskModel = resolve(config.taskModel, 'taskModel', 'task', options.taskConcurrency ?? 8);
  // A module's own model is a task model too: the same middleware, role and default concurrency.
  const moduleModels: Record<string, LanguageModel> = {};
  for (const [module, entry] of Object.entries(config.moduleModels ?? {})) {
    moduleModels[module] = resolve(
      entry,
      `moduleModels.${module}`,
      'task',
      options.taskConcurrency ?? 8,
    );
    names[`task.${module}`] = modelSettings(entry).model;
  }
  const task = withModuleModels(taskModel, moduleModels);
  for (const role of [...forgeRoles, ...(options.roles ?? [])]) optimizer(role);
  return {
    task,
    reflect: optimizer('reflect'),
    assign: optimizer('assign'),
    generate: optimizer('generate'),
    verify: optimizer('verify'),
    optimizer,
    costMeter,
    names,
    get unpricedModels() {
      // Roles resolve on first use, so the list is read when asked.
      return [...new Set(Object.values(names))]
        .filter((name) => {
          const reference = parseModelString(name);
          return (
            findModelPrice(costMeter.prices, reference.provider, reference.modelId) === undefined
          );
        })
        .sort();
    },
    pools: () =>
      [...poolRoles].map(([pool, entry]) => ({
        model: entry.model,
        roles: [...entry.roles],
        pool,
      })),
    close: () => {
      for (const pool of poolRoles.keys()) pool.close();
    },
  };
}
function toPriceTable(prices: NonNullable<ForgeConfig['prices']>): unknown {
  return Object.fromEntries(
    Object.entries(prices).map(([pattern, price]) => [
      pattern,
      {
        inputPerMillion: price.input,
        outputPerMillion: price.output,
        ...(price.cachedInput === undefined ? {} : { cachedInputPerMillion: price.cachedInput }),
        ...(price.cacheWrite === undefined ? {} : { cacheWritePerMillion: price.cacheWrite }),
      },
    ]),
  );
}
