import {
  APICallError,
  checkResponseDepth,
  type GenerateRequest,
  type GenerateResult,
  type LanguageModel,
  redactSecrets,
  unreadableResponseError,
} from '@forge/provider';
import type OpenAI from 'openai';
import { loadOpenAISdk } from './load-openai-sdk.js';
import { mapOpenAIError } from './map-openai-error.js';
import { buildOpenAIChatBody } from './openai-chat-request.js';
import { MalformedResponse, mapOpenAIChatResponse } from './openai-chat-response.js';

/** What an `OpenAIChatModel` needs from its provider. */
export interface OpenAIChatModelConfig {
  /** The SDK client (retries off, long timeout), or a function making it at the first call. */
  readonly client: OpenAI | (() => Promise<OpenAI>);
  /** Provider name the model reports. */
  readonly provider: string;
  /** Base URL, for error messages. */
  readonly baseURL: string;
}

/** A model served through the Chat Completions API of OpenAI or a compatible server. */
export class OpenAIChatModel implements LanguageModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  private readonly config: OpenAIChatModelConfig;

  constructor(modelId: string, config: OpenAIChatModelConfig) {
    this.modelId = modelId;
    this.provider = config.provider;
    this.config = config;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    request.abortSignal?.throwIfAborted();
    const { body, warnings } = buildOpenAIChatBody(this.modelId, this.provider, request);
    let raw: unknown;
    try {
      const client =
        typeof this.config.client === 'function' ? await this.config.client() : this.config.client;
      raw = await client.chat.completions.create(
        body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming,
        { signal: request.abortSignal, maxRetries: 0 },
      );
    } catch (error) {
      throw mapOpenAIError(error, {
        sdk: await loadOpenAISdk(),
        provider: this.provider,
        modelId: this.modelId,
        baseURL: this.config.baseURL,
        signal: request.abortSignal,
      });
    }
    // The SDK hands back the text of a body that is not JSON (a proxy's HTML page, say).
    if (typeof raw === 'string') {
      throw unreadableResponseError({
        provider: this.provider,
        modelId: this.modelId,
        source: this.config.baseURL,
        detail: 'the body is not JSON',
        responseBody: raw,
      });
    }
    // Refused before anything walks it: a body nested thousands deep would overflow the stack
    // of whatever stringifies it next (the malformed-response message, the cache, the store).
    checkResponseDepth(raw, {
      provider: this.provider,
      modelId: this.modelId,
      source: this.config.baseURL,
    });
    const result = mapOpenAIChatResponse(raw, warnings);
    if (result instanceof MalformedResponse) {
      throw new APICallError({
        message: `${this.provider}:${this.modelId}: malformed response from ${this.config.baseURL}: ${result.reason}`,
        kind: 'invalid-response',
        provider: this.provider,
        modelId: this.modelId,
        responseBody: redactSecrets(JSON.stringify(raw) ?? '').slice(0, 2000),
      });
    }
    return result;
  }
}
