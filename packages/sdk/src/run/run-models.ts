import {
  type CallCache,
  type CallRecorder,
  CostMeter,
  findModelPrice,
  type LanguageModel,
  ModelLimiter,
  parseModelString,
  parsePriceTable,
} from '@forge/provider';
import type { ForgeConfig, ModelConfig } from '../config/forge-config-schema.js';
import { resolveModel } from '../models/resolve-model.js';

/** Forge's own optimizer roles, always resolved. */
const forgeRoles = ['reflect', 'assign', 'generate', 'verify'] as const;

/** The models of one run, by role, and the meter that prices them. */
export interface RunModels {
  /** The task model. */
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
  /** The model strings by role (`task`, Forge's four roles and any extra role), for reports. */
  readonly names: Readonly<Record<string, string>>;
  /** Model strings (of the roles resolved so far) the price table has no price for, sorted. */
  readonly unpricedModels: readonly string[];
}

/** A model entry in its long form. */
export function modelSettings(config: ModelConfig): Exclude<ModelConfig, string> {
  return typeof config === 'string' ? { model: config } : config;
}

/**
 * Resolves every role's model once, before any work is spent: a missing key or an unknown
 * provider fails here. Roles that name the same model with the same settings share one limiter,
 * since they share the endpoint's rate limits.
 */
export function createRunModels(
  config: ForgeConfig,
  options: {
    cache?: CallCache;
    recorder?: CallRecorder;
    environment?: Record<string, string | undefined>;
    /** Optimizer roles besides Forge's four to resolve now (a method's `roles`). */
    roles?: readonly string[];
  } = {},
): RunModels {
  const prices =
    config.prices === undefined
      ? undefined
      : parsePriceTable(toPriceTable(config.prices), 'prices');
  const costMeter = new CostMeter(prices === undefined ? {} : { prices });
  const limiters = new Map<string, ModelLimiter>();
  const resolve = (entry: ModelConfig, argument: string): LanguageModel => {
    const settings = modelSettings(entry);
    const key = JSON.stringify(settings);
    let limiter = limiters.get(key);
    if (limiter === undefined) {
      limiter = new ModelLimiter({
        concurrency: settings.concurrency ?? 8,
        ...(settings.requestsPerMinute === undefined
          ? {}
          : { requestsPerMinute: settings.requestsPerMinute }),
        ...(settings.tokensPerMinute === undefined
          ? {}
          : { tokensPerMinute: settings.tokensPerMinute }),
      });
      limiters.set(key, limiter);
    }
    return resolveModel(settings.model, {
      argument,
      limiter,
      ...(settings.baseURL === undefined ? {} : { baseURL: settings.baseURL }),
      ...(settings.settings === undefined ? {} : { settings: settings.settings }),
      ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
      ...(settings.maxRetries === undefined ? {} : { maxRetries: settings.maxRetries }),
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
      );
      byRole.set(role, model);
      names[role] = modelSettings(entryOf(role)).model;
    }
    return model;
  };
  const task = resolve(config.taskModel, 'taskModel');
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
