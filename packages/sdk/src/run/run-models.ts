import {
  type CallCache,
  type CallRecorder,
  CostMeter,
  type LanguageModel,
  ModelLimiter,
  parsePriceTable,
} from '@forge/provider';
import type { ForgeConfig, ModelConfig } from '../config/forge-config-schema.js';
import { resolveModel } from '../models/resolve-model.js';

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
  /** Usage and cost per role and model. */
  readonly costMeter: CostMeter;
  /** The model strings by role, for reports. */
  readonly names: Readonly<Record<'task' | 'reflect' | 'assign' | 'generate' | 'verify', string>>;
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
  const optimizer = config.optimizerModel;
  const roles = config.roleModels ?? {};
  const entries = {
    task: config.taskModel,
    reflect: roles.reflect ?? optimizer,
    assign: roles.assign ?? optimizer,
    generate: roles.generate ?? optimizer,
    verify: roles.verify ?? optimizer,
  };
  return {
    task: resolve(entries.task, 'taskModel'),
    reflect: resolve(
      entries.reflect,
      roles.reflect === undefined ? 'optimizerModel' : 'roleModels.reflect',
    ),
    assign: resolve(
      entries.assign,
      roles.assign === undefined ? 'optimizerModel' : 'roleModels.assign',
    ),
    generate: resolve(
      entries.generate,
      roles.generate === undefined ? 'optimizerModel' : 'roleModels.generate',
    ),
    verify: resolve(
      entries.verify,
      roles.verify === undefined ? 'optimizerModel' : 'roleModels.verify',
    ),
    costMeter,
    names: {
      task: modelSettings(entries.task).model,
      reflect: modelSettings(entries.reflect).model,
      assign: modelSettings(entries.assign).model,
      generate: modelSettings(entries.generate).model,
      verify: modelSettings(entries.verify).model,
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
