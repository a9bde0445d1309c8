import type { LanguageModelV3 } from '@ai-sdk/provider';
import {
  checkResponseDepth,
  type GenerateRequest,
  type GenerateResult,
  InvalidArgumentError,
  type LanguageModel,
} from '@forge/provider';
import { fromAISDKResult } from './from-ai-sdk-result.js';
import { mapAISDKError } from './map-ai-sdk-error.js';
import { toAISDKCallOptions } from './to-ai-sdk-call-options.js';

/** Options of `fromAISDK`. */
export interface FromAISDKOptions {
  /**
   * Provider name the Forge model reports (model strings, price lookups, provider-option keys).
   * Default: the AI SDK provider id up to its first `.` (`openai.chat` → `openai`).
   */
  readonly provider?: string;
  /** Model id the Forge model reports. Default the AI SDK model's `modelId`. */
  readonly modelId?: string;
}

/**
 * A Forge `LanguageModel` backed by an AI SDK language model (specification v3), so any
 * provider package of that ecosystem — OpenAI, Anthropic, Bedrock, Vertex, Groq, Mistral,
 * OpenRouter, an OpenAI-compatible server — serves Forge. Each `generate` is one `doGenerate`
 * call: no retries, limits or timeouts of its own (Forge's middleware owns them, and the AI SDK
 * model interface has none).
 */
export class AISDKLanguageModel implements LanguageModel {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  /** The wrapped AI SDK model. */
  readonly aiSDKModel: LanguageModelV3;

  constructor(model: LanguageModelV3, options: FromAISDKOptions = {}) {
    assertAISDKModel(model);
    this.aiSDKModel = model;
    this.provider = options.provider ?? forgeProviderName(model.provider);
    this.modelId = options.modelId ?? model.modelId;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    request.abortSignal?.throwIfAborted();
    const origin = {
      provider: this.provider,
      modelId: this.modelId,
      source: this.aiSDKModel.provider,
    };
    try {
      const result = await this.aiSDKModel.doGenerate(toAISDKCallOptions(request));
      // The raw body the provider read, then the answer made of it (tool inputs parsed): either
      // nested thousands deep is refused before anything walks it.
      checkResponseDepth(result.response?.body, origin);
      return checkResponseDepth(fromAISDKResult(result), origin);
    } catch (error) {
      throw mapAISDKError(error, {
        provider: this.provider,
        modelId: this.modelId,
        aiSDKProvider: this.aiSDKModel.provider,
        signal: request.abortSignal,
      });
    }
  }
}

/**
 * Wraps an AI SDK language model as a Forge model: `fromAISDK(openai('gpt-5.5'))`. Wrap the
 * result in Forge's middleware (`resolveModel` from `@forge/sdk` does) for retries, limits,
 * timeouts, caching and cost.
 *
 * @throws InvalidArgumentError when `model` is not an AI SDK language model of specification v3.
 */
export function fromAISDK(
  model: LanguageModelV3,
  options: FromAISDKOptions = {},
): AISDKLanguageModel {
  return new AISDKLanguageModel(model, options);
}

function forgeProviderName(aiSDKProvider: string): string {
  const name = aiSDKProvider.split('.')[0] ?? '';
  return name === '' ? 'ai-sdk' : name;
}

function assertAISDKModel(model: unknown): asserts model is LanguageModelV3 {
  const candidate = model as Partial<LanguageModelV3> | null;
  if (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.specificationVersion === 'v3' &&
    typeof candidate.doGenerate === 'function' &&
    typeof candidate.provider === 'string' &&
    typeof candidate.modelId === 'string'
  ) {
    return;
  }
  const version = (candidate as { specificationVersion?: unknown } | null)?.specificationVersion;
  throw new InvalidArgumentError({
    argument: 'model',
    message:
      version === undefined
        ? 'fromAISDK: expected an AI SDK language model (specificationVersion "v3", provider, modelId, doGenerate), e.g. openai("gpt-5.5") from @ai-sdk/openai'
        : `fromAISDK: the model implements AI SDK specification ${JSON.stringify(version)}; this package supports "v3" (the ai 6 / @ai-sdk/provider 3 generation)`,
  });
}
