import type { GenerateRequest } from '../language-model/generate-request.js';
import type { GenerateResult } from '../language-model/generate-result.js';
import type { LanguageModel } from '../language-model/language-model.js';
import { modelIdentity } from './language-model-middleware.js';

/** Request fields a model applies when the caller leaves them out. */
export interface RequestDefaults {
  /** Default output-token limit, e.g. 8192 as in the paper's task-model setup. */
  readonly maxOutputTokens?: number;
  /** Default sampling temperature. */
  readonly temperature?: number;
  /**
   * Default provider options, merged per provider under the request's own (the request wins
   * key by key), e.g. `{ openai: { extraBody: { chat_template_kwargs: { enable_thinking: false } } } }`.
   */
  readonly providerOptions?: GenerateRequest['providerOptions'];
}

/**
 * Fills in defaults for fields a request leaves unset. Applied outside the cache, so the cache
 * key reflects what is really sent.
 */
export function withRequestDefaults(
  model: LanguageModel,
  defaults: RequestDefaults,
): LanguageModel {
  return {
    ...modelIdentity(model),
    generate(request: GenerateRequest): Promise<GenerateResult> {
      return model.generate(applyRequestDefaults(request, defaults));
    },
  };
}

/** The request with `defaults` filled in where it has no value of its own. */
export function applyRequestDefaults(
  request: GenerateRequest,
  defaults: RequestDefaults,
): GenerateRequest {
  const providerOptions = mergeProviderOptions(defaults.providerOptions, request.providerOptions);
  return {
    ...request,
    maxOutputTokens: request.maxOutputTokens ?? defaults.maxOutputTokens,
    temperature: request.temperature ?? defaults.temperature,
    ...(providerOptions === undefined ? {} : { providerOptions }),
  };
}

function mergeProviderOptions(
  defaults: GenerateRequest['providerOptions'],
  own: GenerateRequest['providerOptions'],
): GenerateRequest['providerOptions'] {
  if (defaults === undefined) return own;
  if (own === undefined) return defaults;
  const merged: Record<string, { readonly [key: string]: unknown }> = { ...defaults };
  for (const [provider, options] of Object.entries(own)) {
    merged[provider] = { ...defaults[provider], ...options };
  }
  return merged;
}
