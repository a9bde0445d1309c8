import { type CostMeter, type EndpointPool, isEndpointPool } from '@forge/endpoints';
import {
  applyDefaultMiddleware,
  type CallCache,
  type CallRecorder,
  type Clock,
  defaultProviderRegistry,
  type Environment,
  type GenerateRequest,
  InvalidArgumentError,
  type LanguageModel,
  type ModelLimiter,
  ProviderRegistry,
  parseModelString,
  type RetryOptions,
} from '@forge/provider';
import { builtinProviders } from './builtin-providers.js';

/** Options of `resolveModel`. Every middleware option is optional; see the defaults. */
export interface ResolveModelOptions {
  /** Provider settings (API key, base URL, host, headers, …) handed to the provider's factory. */
  readonly settings?: { readonly [key: string]: unknown };
  /**
   * Shorthand for the server address: `baseURL` for OpenAI/Anthropic, `host` for Ollama. A list
   * (OpenAI-compatible servers) makes the model a pool of those servers.
   */
  readonly baseURL?: string | readonly string[];
  /** Environment to read keys and URLs from. Default `process.env`. */
  readonly environment?: Environment;
  /**
   * Where provider names are looked up. Default: the registry `registerProvider` fills, then the
   * built-ins (`openai`, `anthropic`, `ollama`). A registry given here is used alone; give it
   * `builtinProviders` as fallback to keep the built-ins.
   */
  readonly registry?: ProviderRegistry;
  /** Name of the option being resolved, for error messages (e.g. `taskModel`). Default `model`. */
  readonly argument?: string;
  /** `false` returns the bare model: no defaults, retries, limits, timeout, cache, meter or recorder. */
  readonly middleware?: boolean;
  /** Calls in flight at once. Default 8; the limit halves on 429 and grows back. */
  readonly concurrency?: number;
  /** Requests-per-minute limit. */
  readonly requestsPerMinute?: number;
  /** Tokens-per-minute limit (input + output). */
  readonly tokensPerMinute?: number;
  /** A limiter shared with other models on the same account; replaces the three limits above. */
  readonly limiter?: ModelLimiter;
  /** Per-attempt timeout in milliseconds, or `false`. Default 600000. */
  readonly timeoutMs?: number | false;
  /** Retries on 408/409/429/5xx, connection errors and timeouts. Default 4; 0 turns retrying off. */
  readonly maxRetries?: number;
  /** Full retry policy (backoff, jitter, `onRetry`); `maxRetries` above takes precedence. */
  readonly retry?: RetryOptions;
  /** Default output-token limit of each call. */
  readonly maxOutputTokens?: number;
  /** Default sampling temperature. */
  readonly temperature?: number;
  /** Default provider options, merged under each call's own. */
  readonly providerOptions?: GenerateRequest['providerOptions'];
  /** Response cache. Default none. */
  readonly cache?: CallCache;
  /** Usage and cost meter; sets `costUsd` on results. */
  readonly costMeter?: CostMeter;
  /** Receives every call. */
  readonly recorder?: CallRecorder;
  /** Clock for the timing middleware. Default the system clock. */
  readonly clock?: Clock;
}

const resolvedMarker = Symbol.for('forge.sdk.resolvedModel');
const poolMarker = Symbol.for('forge.sdk.endpointPool');

/**
 * The endpoint pool under a model `resolveModel` made (from several base URLs), for its status
 * and events; `undefined` for a model of one server.
 */
export function endpointPoolOf(model: LanguageModel): EndpointPool | undefined {
  if (isEndpointPool(model)) return model;
  const pool = (model as { [poolMarker]?: unknown })[poolMarker];
  return isEndpointPool(pool) ? pool : undefined;
}

/**
 * Turns a model string (`openai:gpt-5.5`, `anthropic:claude-sonnet-4-6`, `ollama:qwen3:8b`, or a
 * registered provider's) or a `LanguageModel` object into a ready model wrapped in the default
 * middleware: request defaults → recorder → cost meter → cache → retry → limits → timeout.
 *
 * Settings are checked now: a missing API key throws `LoadSettingError` naming the environment
 * variable, an unknown provider throws `InvalidArgumentError` listing the known ones — before
 * any call is made. A model that `resolveModel` already wrapped is returned as it is, so it is
 * never retried or metered twice.
 */
export function resolveModel(
  model: string | LanguageModel,
  options: ResolveModelOptions = {},
): LanguageModel {
  const argument = options.argument ?? 'model';
  if (typeof model !== 'string') {
    assertLanguageModel(model, argument);
    if (resolvedMarker in model) return model;
  }
  const bare = typeof model === 'string' ? buildModel(model, options, argument) : model;
  if (options.middleware === false) return bare;
  const wrapped = applyDefaultMiddleware(bare, {
    defaults: {
      maxOutputTokens: options.maxOutputTokens,
      temperature: options.temperature,
      providerOptions: options.providerOptions,
    },
    recorder: options.recorder,
    costMeter: options.costMeter,
    cache: options.cache,
    retry: {
      ...options.retry,
      ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    },
    limits: options.limiter ?? {
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      requestsPerMinute: options.requestsPerMinute,
      tokensPerMinute: options.tokensPerMinute,
    },
    timeoutMs: options.timeoutMs,
    clock: options.clock,
  });
  Object.defineProperty(wrapped, resolvedMarker, { value: true, enumerable: false });
  if (isEndpointPool(bare))
    Object.defineProperty(wrapped, poolMarker, { value: bare, enumerable: false });
  return wrapped;
}

function buildModel(
  modelString: string,
  options: ResolveModelOptions,
  argument: string,
): LanguageModel {
  const { provider } = parseModelString(modelString, argument);
  const lookup = options.registry ?? userThenBuiltinProviders();
  const addressKey = provider === 'ollama' ? 'host' : 'baseURL';
  return lookup.languageModel(modelString, {
    argument,
    settings: {
      ...options.settings,
      ...(options.baseURL === undefined ? {} : { [addressKey]: options.baseURL }),
    },
    ...(options.environment === undefined ? {} : { environment: options.environment }),
  });
}

// The user's registrations (made with `registerProvider`) come first, the built-ins after.
function userThenBuiltinProviders(): ProviderRegistry {
  const merged = new ProviderRegistry({ fallback: builtinProviders });
  for (const name of defaultProviderRegistry.names()) {
    const factory = defaultProviderRegistry.factory(name);
    if (factory !== undefined) merged.register(name, factory);
  }
  return merged;
}

function assertLanguageModel(model: unknown, argument: string): asserts model is LanguageModel {
  const candidate = model as Partial<LanguageModel> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    candidate.specificationVersion !== 'v1' ||
    typeof candidate.generate !== 'function' ||
    typeof candidate.provider !== 'string' ||
    typeof candidate.modelId !== 'string'
  ) {
    throw new InvalidArgumentError({
      argument,
      message: `${argument}: expected a model string "provider:model" or an object implementing LanguageModel (specificationVersion "v1", provider, modelId, generate)`,
    });
  }
}

/** Whether a provider name is registered (by the user or built in), without building a model. */
export function isKnownProvider(name: string): boolean {
  return userThenBuiltinProviders().factory(name) !== undefined;
}

/** Every provider name known (the user's and the built-ins), sorted. */
export function knownProviderNames(): string[] {
  return userThenBuiltinProviders().names();
}
