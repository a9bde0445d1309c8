import type { ToolCall } from './message.js';

/** Why generation stopped. */
export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

/** Token counts of one call. Counts a provider does not report are omitted, not zero. */
export interface Usage {
  /** Prompt tokens, including cached ones. */
  readonly inputTokens: number;
  /** Completion tokens, including reasoning tokens. */
  readonly outputTokens: number;
  /** Prompt tokens served from the provider's prompt cache. */
  readonly cachedInputTokens?: number;
  /** Prompt tokens written to the provider's prompt cache (Anthropic). */
  readonly cacheWriteTokens?: number;
  /** Completion tokens spent on hidden reasoning. */
  readonly reasoningTokens?: number;
}

/** A problem that did not stop the call, e.g. an option the provider ignores. */
export interface Warning {
  readonly type: 'unsupported-setting' | 'other';
  /** The setting concerned, when there is one. */
  readonly setting?: string;
  /** Human-readable explanation. */
  readonly message: string;
}

/** The result of one generation. */
export interface GenerateResult {
  /** Visible text of the answer (empty when the model only called tools). */
  readonly text: string;
  /** Hidden reasoning, when the provider returns it. Never shown to optimizer-side prompts. */
  readonly reasoning?: string;
  /** Tool calls requested by the model, in order. */
  readonly toolCalls: readonly ToolCall[];
  /** Why generation stopped. */
  readonly finishReason: FinishReason;
  /** Token counts. */
  readonly usage: Usage;
  /** Price of the call in US dollars, set by the cost meter (or a provider that reports it). */
  readonly costUsd?: number;
  /** True when the result came from a response cache rather than the provider. */
  readonly cached?: boolean;
  /** Non-fatal problems. */
  readonly warnings?: readonly Warning[];
  /** Provider response id and the model that answered, when known. */
  readonly response?: { readonly id?: string; readonly modelId?: string };
  /**
   * The model that answered, as `provider:modelId`, when the model called passed the call on to
   * another (`withModuleModels` sends a module's calls to its own model). Absent, the model
   * called answered itself.
   */
  readonly routedTo?: string;
}
