import type Anthropic from '@anthropic-ai/sdk';
import {
  APICallError,
  checkResponseDepth,
  type GenerateRequest,
  type GenerateResult,
  type LanguageModel,
  redactSecrets,
  unreadableResponseError,
} from '@forge/provider';
import { buildAnthropicMessagesBody } from './anthropic-messages-request.js';
import { MalformedResponse, mapAnthropicMessagesResponse } from './anthropic-messages-response.js';
import { loadAnthropicSdk } from './load-anthropic-sdk.js';
import { mapAnthropicError } from './map-anthropic-error.js';
import { ThinkingBlockMemory } from './thinking-block-memory.js';

/** What an `AnthropicMessagesModel` needs from its provider. */
export interface AnthropicMessagesModelConfig {
  /** The SDK client (retries off, long timeout), or a function making it at the first call. */
  readonly client: Anthropic | (() => Promise<Anthropic>);
  /** Base URL, for error messages. */
  readonly baseURL: string;
  /** Output-token limit for requests that set none. */
  readonly defaultMaxOutputTokens: number;
}

/** A Claude model through the Messages API. */
export class AnthropicMessagesModel implements LanguageModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'anthropic';
  readonly modelId: string;
  private readonly config: AnthropicMessagesModelConfig;
  private readonly thinking = new ThinkingBlockMemory();

  constructor(modelId: string, config: AnthropicMessagesModelConfig) {
    this.modelId = modelId;
    this.config = config;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    request.abortSignal?.throwIfAborted();
    const { body, warnings } = buildAnthropicMessagesBody(this.modelId, request, {
      defaultMaxOutputTokens: this.config.defaultMaxOutputTokens,
      thinking: this.thinking,
    });
    let raw: unknown;
    try {
      const client =
        typeof this.config.client === 'function' ? await this.config.client() : this.config.client;
      raw = await client.messages.create(
        body as unknown as Anthropic.MessageCreateParamsNonStreaming,
        { signal: request.abortSignal, maxRetries: 0 },
      );
    } catch (error) {
      throw mapAnthropicError(error, {
        sdk: await loadAnthropicSdk(),
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
    const result = mapAnthropicMessagesResponse(raw, warnings, this.thinking);
    if (result instanceof MalformedResponse) {
      throw new APICallError({
        message: `anthropic:${this.modelId}: malformed response from ${this.config.baseURL}: ${result.reason}`,
        kind: 'invalid-response',
        provider: this.provider,
        modelId: this.modelId,
        responseBody: redactSecrets(JSON.stringify(raw) ?? '').slice(0, 2000),
      });
    }
    return result;
  }
}
