import {
  APICallError,
  type FinishReason,
  type GenerateRequest,
  type GenerateResult,
  type LanguageModel,
  type Warning,
} from '@forge/provider';
import type { LlamaGrammar } from 'node-llama-cpp';
import { parseLlamaCppProviderOptions } from './llama-cpp-provider-options.js';
import { LlamaCppRuntime } from './llama-cpp-runtime.js';
import type { ResolvedLlamaCppSettings } from './llama-cpp-settings.js';
import { logErrorsSince, logMark } from './load-node-llama-cpp.js';
import { mapLlamaCppError } from './map-llama-cpp-error.js';
import type { GgufHeader } from './read-gguf-header.js';
import { toChatHistory } from './to-chat-history.js';

/**
 * A GGUF model run in this process by llama.cpp (through node-llama-cpp): provider `local`, model
 * id the file's path as given. The file is loaded on the first call and shared with every other
 * model of the same settings; `poolSize` calls generate at once. A request with a response format
 * is answered under a grammar built from its JSON schema (any JSON without one), so the answer
 * always parses; other requests are answered in free text. Usage is counted by the model's
 * tokenizer: the whole prompt as input, with the part a sequence still held from its previous
 * call as cached input.
 */
export class LlamaCppModel implements LanguageModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'local';
  readonly modelId: string;
  /** The settings in force (defaults and environment applied). */
  readonly settings: ResolvedLlamaCppSettings;
  /** What the file's header says (architecture, name, trained context). */
  readonly header: GgufHeader;
  private readonly runtime: LlamaCppRuntime;

  constructor(settings: ResolvedLlamaCppSettings, header: GgufHeader) {
    this.settings = settings;
    this.header = header;
    this.modelId = settings.modelId;
    this.runtime = LlamaCppRuntime.for(settings, `local:${settings.modelId}`);
  }

  /** Loads the model now rather than on the first call; resolves with the load's timings. */
  async load(): Promise<{ runtimeMs: number; modelMs: number; contextMs: number }> {
    const mark = logMark();
    try {
      await this.runtime.load();
    } catch (error) {
      throw this.mapError(error, undefined, mark);
    }
    return { runtimeMs: 0, modelMs: 0, contextMs: 0, ...this.runtime.timings };
  }

  /** Frees the loaded model and its context (shared: every model of the same settings). */
  dispose(): Promise<void> {
    return this.runtime.dispose();
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const signal = request.abortSignal;
    signal?.throwIfAborted();
    const warnings: Warning[] = [];
    if ((request.tools?.length ?? 0) > 0 && request.toolChoice !== 'none') {
      throw new APICallError({
        message: `local:${this.modelId}: local models cannot call tools (the request offers ${request.tools?.length} tools); use a served model (openai:, anthropic:, ollama:) for tool-using programs`,
        kind: 'provider',
        isRetryable: false,
        provider: this.provider,
        modelId: this.modelId,
      });
    }
    const options = parseLlamaCppProviderOptions(request.providerOptions?.['local']);
    const mark = logMark();
    let lease: Awaited<ReturnType<LlamaCppRuntime['acquire']>> | undefined;
    try {
      const grammar: LlamaGrammar | undefined =
        request.responseFormat === undefined
          ? undefined
          : await this.runtime.jsonGrammar(request.responseFormat.schema);
      lease = await this.runtime.acquire(signal);
      const { chat, sequence } = lease;
      const history = toChatHistory(request);
      const model = await this.runtime.model();
      const prompt = chat.chatWrapper
        .generateContextState({ chatHistory: history })
        .contextText.tokenize(model.tokenizer);
      const promptTokens = prompt.length;
      // What the sequence still holds from its previous call and this prompt starts with is not
      // evaluated again (llama.cpp evaluates at least the prompt's last token).
      const cachedInputTokens = Math.min(
        commonPrefixLength(sequence.contextTokens, prompt),
        promptTokens - 1,
      );
      const contextSize = sequence.contextSize;
      const room = contextSize - promptTokens;
      if (room < 1) {
        throw new APICallError({
          message: `local:${this.modelId}: the prompt has ${promptTokens} tokens, more than the context of ${contextSize} tokens leaves room for; raise contextSize (FORGE_LOCAL_CONTEXT_SIZE; the model was trained on ${this.header.trainedContextLength ?? 'an unknown number of'} tokens)`,
          kind: 'provider',
          isRetryable: false,
          provider: this.provider,
          modelId: this.modelId,
        });
      }
      const wanted = request.maxOutputTokens ?? this.settings.maxOutputTokens;
      const maxTokens = Math.min(wanted, room);
      if (maxTokens < wanted) {
        warnings.push({
          type: 'other',
          message: `output limited to ${maxTokens} tokens: the prompt (${promptTokens} tokens) leaves no more room in the context of ${contextSize}`,
        });
      }
      const before = sequence.tokenMeter.getState();
      const response = await chat.generateResponse(history, {
        maxTokens,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.topK === undefined ? {} : { topK: options.topK }),
        ...(options.topP === undefined ? {} : { topP: options.topP }),
        ...(options.minP === undefined ? {} : { minP: options.minP }),
        ...(grammar === undefined ? {} : { grammar }),
        ...(signal === undefined ? {} : { signal }),
      });
      signal?.throwIfAborted();
      const after = sequence.tokenMeter.getState();
      const finishReason: FinishReason =
        response.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
      return {
        text: response.response,
        toolCalls: [],
        finishReason,
        usage: {
          inputTokens: promptTokens,
          outputTokens: after.usedOutputTokens - before.usedOutputTokens,
          ...(cachedInputTokens > 0 ? { cachedInputTokens } : {}),
        },
        ...(warnings.length > 0 ? { warnings } : {}),
        response: { modelId: this.header.name ?? this.modelId },
      };
    } catch (error) {
      throw this.mapError(error, signal, mark);
    } finally {
      lease?.release();
    }
  }

  private mapError(error: unknown, signal: AbortSignal | undefined, mark: number): unknown {
    return mapLlamaCppError(error, {
      modelString: `local:${this.modelId}`,
      settings: this.settings,
      signal,
      log: logErrorsSince(mark),
    });
  }
}

function commonPrefixLength(left: readonly unknown[], right: readonly unknown[]): number {
  let length = 0;
  while (length < left.length && length < right.length && left[length] === right[length]) length++;
  return length;
}
