import type { EndpointPool } from '@forge/endpoints';
import { endpointLabel, type ProviderFactory, splitServerUrl } from '@forge/provider';
import type OpenAI from 'openai';
import { loadOpenAISdk } from './load-openai-sdk.js';
import { OpenAIChatModel } from './openai-chat-model.js';
import { createOpenAIEndpointPool } from './openai-endpoint-pool.js';
import {
  type OpenAISettings,
  type ResolvedOpenAISettings,
  resolveOpenAISettings,
} from './openai-settings.js';

/** Makes models of one OpenAI (or OpenAI-compatible) endpoint, or of a pool of them. */
export interface OpenAIProvider {
  /**
   * A Chat Completions model, e.g. `provider('gpt-5.5')`; with several base URLs, an
   * `EndpointPool` over one such model per server.
   */
  (modelId: string): OpenAIChatModel | EndpointPool;
  /** Same as calling the provider. */
  languageModel(modelId: string): OpenAIChatModel | EndpointPool;
  /** Provider name the models report. */
  readonly providerName: string;
  /** Base URL in use (the first, for a pool). */
  readonly baseURL: string;
  /** Every base URL; more than one makes each model a pool. */
  readonly baseURLs: readonly string[];
}

/**
 * Creates an OpenAI provider. Settings are validated and the key loaded here, so a missing
 * `OPENAI_API_KEY` fails now, before any work is spent; the SDK itself is loaded, and the clients
 * made, at the first call. The SDK's own retries are turned off and its timeout made long:
 * Forge's middleware owns both. With several base URLs, each model is
 * a pool that routes calls over the servers and takes failing ones out (`createEndpointPool`).
 */
export function createOpenAI(settings: OpenAISettings = {}): OpenAIProvider {
  const resolved = resolveOpenAISettings(settings);
  const clients = resolved.baseURLs.map((baseURL) => ({
    baseURL,
    client: openAIClient(resolved, baseURL),
  }));
  const languageModel = (modelId: string): OpenAIChatModel | EndpointPool => {
    const [single] = clients;
    if (clients.length === 1 && single !== undefined) {
      return new OpenAIChatModel(modelId, {
        client: single.client,
        provider: resolved.name,
        baseURL: endpointLabel(single.baseURL),
      });
    }
    return createOpenAIEndpointPool(modelId, {
      clients,
      provider: resolved.name,
      pool: resolved.pool,
    });
  };
  return Object.assign(languageModel, {
    languageModel,
    providerName: resolved.name,
    baseURL: resolved.baseURL,
    baseURLs: resolved.baseURLs,
  });
}

/** The client of one server, made (and the SDK loaded) at its first use. */
function openAIClient(resolved: ResolvedOpenAISettings, baseURL: string): () => Promise<OpenAI> {
  let created: Promise<OpenAI> | undefined;
  return () => {
    created ??= loadOpenAISdk().then((OpenAISdk) => newClient(OpenAISdk, resolved, baseURL));
    return created;
  };
}

function newClient(
  OpenAISdk: typeof OpenAI,
  resolved: ResolvedOpenAISettings,
  baseURL: string,
): OpenAI {
  // The SDK appends each request's path to baseURL, so a query there must travel separately.
  const server = splitServerUrl(baseURL, 'OpenAI settings → baseURL');
  return new OpenAISdk({
    apiKey: resolved.apiKey,
    baseURL: server.url,
    defaultQuery: server.query,
    organization: resolved.organization ?? null,
    project: resolved.project ?? null,
    defaultHeaders: resolved.headers,
    maxRetries: 0,
    timeout: resolved.requestTimeoutMs,
    logLevel: 'warn',
    ...(resolved.fetch ? { fetch: resolved.fetch } : {}),
  });
}

/** A registry factory: `openai:<model>` with settings from the registry options. */
export const openAIProviderFactory: ProviderFactory = (modelId, options) =>
  createOpenAI({
    ...(options.settings as OpenAISettings | undefined),
    ...(options.environment ? { environment: options.environment } : {}),
  }).languageModel(modelId);
