import {
  APICallError,
  checkResponseDepth,
  type GenerateRequest,
  type GenerateResult,
  type LanguageModel,
  redactSecrets,
} from '@forge/provider';
import { Ollama } from 'ollama';
import { mapOllamaError } from './map-ollama-error.js';
import { buildOllamaChatBody } from './ollama-chat-request.js';
import { MalformedResponse, mapOllamaChatResponse } from './ollama-chat-response.js';
import type { ResolvedOllamaSettings } from './ollama-settings.js';

/** A model served by Ollama's `/api/chat`. */
export class OllamaChatModel implements LanguageModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'ollama';
  readonly modelId: string;
  private readonly settings: ResolvedOllamaSettings;

  constructor(modelId: string, settings: ResolvedOllamaSettings) {
    this.modelId = modelId;
    this.settings = settings;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    request.abortSignal?.throwIfAborted();
    const { body, warnings } = buildOllamaChatBody(this.modelId, request);
    let responseHeaders: Headers | undefined;
    const baseFetch = this.settings.fetch;
    // The ollama client takes no per-request signal for non-streamed calls (and has no timeout
    // or retries of its own): a client per call, whose fetch carries this call's signal.
    const client = new Ollama({
      host: this.settings.host,
      headers: this.settings.headers,
      fetch: async (input, init) => {
        const response = await baseFetch(input, { ...init, signal: request.abortSignal ?? null });
        responseHeaders = response.headers;
        return response;
      },
    });
    let raw: unknown;
    try {
      raw = await client.chat(body as unknown as Parameters<Ollama['chat']>[0] & { stream: false });
    } catch (error) {
      throw mapOllamaError(error, {
        modelId: this.modelId,
        host: this.settings.host,
        signal: request.abortSignal,
        responseHeaders,
      });
    }
    // Refused before anything walks it: a body nested thousands deep would overflow the stack
    // of whatever stringifies it next (the malformed-response message, the cache, the store).
    checkResponseDepth(raw, {
      provider: this.provider,
      modelId: this.modelId,
      source: this.settings.host,
    });
    const result = mapOllamaChatResponse(raw, warnings, this.settings.generateId);
    if (result instanceof MalformedResponse) {
      throw new APICallError({
        message: `ollama:${this.modelId}: malformed response from ${this.settings.host}: ${result.reason}`,
        kind: 'invalid-response',
        provider: this.provider,
        modelId: this.modelId,
        responseBody: redactSecrets(JSON.stringify(raw) ?? '').slice(0, 2000),
      });
    }
    return result;
  }
}
