import type { ProviderFactory } from '@forge/provider';
import OpenAI from 'openai';
import { OpenAIChatModel } from './openai-chat-model.js';
import { type OpenAISettings, resolveOpenAISettings } from './openai-settings.js';

/** Makes models of one OpenAI (or OpenAI-compatible) endpoint. */
export interface OpenAIProvider {
  /** A Chat Completions model, e.g. `provider('gpt-5.5')`. */
  (modelId: string): OpenAIChatModel;
  /** Same as calling the provider. */
  languageModel(modelId: string): OpenAIChatModel;
  /** Provider name the models report. */
  readonly providerName: string;
  /** Base URL in use. */
  readonly baseURL: string;
}

/**
 * Creates an OpenAI provider. Settings are validated and the key loaded here, so a missing
 * `OPENAI_API_KEY` fails now, before any work is spent. The SDK's own retries are turned off
 * and its timeout made long: Forge's middleware owns both.
 */
export function createOpenAI(settings: OpenAISettings = {}): OpenAIProvider {
  const resolved = resolveOpenAISettings(settings);
  const client = new OpenAI({
    apiKey: resolved.apiKey,
    baseURL: resolved.baseURL,
    organization: resolved.organization ?? null,
    project: resolved.project ?? null,
    defaultHeaders: resolved.headers,
    maxRetries: 0,
    timeout: resolved.requestTimeoutMs,
    logLevel: 'warn',
    ...(resolved.fetch ? { fetch: resolved.fetch } : {}),
  });
  const languageModel = (modelId: string) =>
    new OpenAIChatModel(modelId, { client, provider: resolved.name, baseURL: resolved.baseURL });
  return Object.assign(languageModel, {
    languageModel,
    providerName: resolved.name,
    baseURL: resolved.baseURL,
  });
}

/** A registry factory: `openai:<model>` with settings from the registry options. */
export const openAIProviderFactory: ProviderFactory = (modelId, options) =>
  createOpenAI({
    ...(options.settings as OpenAISettings | undefined),
    ...(options.environment ? { environment: options.environment } : {}),
  }).languageModel(modelId);
