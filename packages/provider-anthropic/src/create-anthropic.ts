import type Anthropic from '@anthropic-ai/sdk';
import { type ProviderFactory, splitServerUrl } from '@forge/provider';
import { AnthropicMessagesModel } from './anthropic-messages-model.js';
import { type AnthropicSettings, resolveAnthropicSettings } from './anthropic-settings.js';
import { loadAnthropicSdk } from './load-anthropic-sdk.js';

/** Makes Claude models of one account. */
export interface AnthropicProvider {
  /** A Messages API model, e.g. `provider('claude-sonnet-4-6')`. */
  (modelId: string): AnthropicMessagesModel;
  /** Same as calling the provider. */
  languageModel(modelId: string): AnthropicMessagesModel;
  /** Base URL in use. */
  readonly baseURL: string;
}

/**
 * Creates an Anthropic provider. The key is loaded here, so a missing `ANTHROPIC_API_KEY` fails
 * now, before any work is spent; the SDK itself is loaded, and its client made, at the first
 * call. The SDK's own retries are turned off and its timeout made long: Forge's middleware owns
 * both.
 */
export function createAnthropic(settings: AnthropicSettings = {}): AnthropicProvider {
  const resolved = resolveAnthropicSettings(settings);
  // The SDK appends each request's path to baseURL, so a query there must travel separately.
  const server = splitServerUrl(resolved.baseURL, 'Anthropic settings → baseURL');
  let created: Promise<Anthropic> | undefined;
  const client = () => {
    created ??= loadAnthropicSdk().then(
      (AnthropicSdk) =>
        new AnthropicSdk({
          apiKey: resolved.apiKey,
          // Passed explicitly so the SDK's credential chain (profiles, other variables) stays out.
          authToken: null,
          baseURL: server.url,
          defaultQuery: server.query,
          defaultHeaders: resolved.headers,
          maxRetries: 0,
          timeout: resolved.requestTimeoutMs,
          logLevel: 'warn',
          ...(resolved.fetch ? { fetch: resolved.fetch } : {}),
        }),
    );
    return created;
  };
  const languageModel = (modelId: string) =>
    new AnthropicMessagesModel(modelId, {
      client,
      baseURL: resolved.baseURL,
      defaultMaxOutputTokens: resolved.defaultMaxOutputTokens,
    });
  return Object.assign(languageModel, { languageModel, baseURL: resolved.baseURL });
}

/** A registry factory: `anthropic:<model>` with settings from the registry options. */
export const anthropicProviderFactory: ProviderFactory = (modelId, options) =>
  createAnthropic({
    ...(options.settings as AnthropicSettings | undefined),
    ...(options.environment ? { environment: options.environment } : {}),
  }).languageModel(modelId);
