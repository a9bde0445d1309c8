import type { GenerateRequest } from './generate-request.js';
import type { GenerateResult } from './generate-result.js';

/**
 * The one contract every model provider implements, version 1.
 *
 * A `LanguageModel` turns one request (system prompt, messages, tools, limits) into one
 * result (text, tool calls, finish reason, usage). Middleware takes a `LanguageModel` and
 * returns another, so retries, limits, caching and metering stack without the adapters
 * knowing about them.
 */
export interface LanguageModel {
  /** The contract version. Adapters written against this file declare `'v1'`. */
  readonly specificationVersion: 'v1';
  /** Provider name as it appears in model strings, e.g. `openai`, `anthropic`, `ollama`, `sim`. */
  readonly provider: string;
  /** Model id as the provider knows it, e.g. `gpt-5.5`, `qwen3:8b`. */
  readonly modelId: string;
  /**
   * Runs one generation. Rejects with an `APICallError` (or another `ForgeError`) on failure;
   * honours `request.abortSignal`.
   */
  generate(request: GenerateRequest): Promise<GenerateResult>;
}
