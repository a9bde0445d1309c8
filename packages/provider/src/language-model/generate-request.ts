import type { Message } from './message.js';

/** A JSON Schema object (draft 2020-12 subset as the providers accept it). */
export type JsonSchema = { readonly [key: string]: unknown };

/** A tool the model may call. */
export interface ToolDefinition {
  /** Name the model uses to call it: letters, digits, `_` and `-`. */
  readonly name: string;
  /** What the tool does, for the model. */
  readonly description: string;
  /** JSON Schema of the tool's input object. */
  readonly inputSchema: JsonSchema;
}

/** Which tools the model may or must call. */
export type ToolChoice =
  | 'auto'
  | 'none'
  | 'required'
  | { readonly type: 'tool'; readonly name: string };

/** Ask for JSON output, optionally constrained by a schema. */
export interface ResponseFormat {
  readonly type: 'json';
  /** Schema the JSON must satisfy; providers that support structured output enforce it. */
  readonly schema?: JsonSchema;
  /** Schema name where the wire format needs one. */
  readonly name?: string;
}

/** Which part of Forge is calling; the cost meter keeps totals per role. */
export type ModelRole = 'task' | 'reflect' | 'assign' | 'generate' | 'verify' | (string & {});

/** Facts about a call that are not sent to the model. */
export interface CallMetadata {
  /** Which part of Forge makes the call. */
  readonly role?: ModelRole;
  /**
   * Index of an intentional repeat of an identical request (e.g. the k-th of three samples of the
   * same test item). Part of the cache key, never sent to the model. Default 0.
   */
  readonly sampleIndex?: number;
  /**
   * The optimizer's step the call belongs to (0-based), when it belongs to one; omitted outside
   * any step (a seed's validation pass, a test evaluation). Telemetry draws the call inside that
   * step. Never sent to the model and not part of the cache key.
   */
  readonly step?: number;
  /**
   * What the task call's evaluation is of, in the words of the `evaluation-end` event (`parent`,
   * `proposal`, `validation`, `trial`, `test`, …); omitted for optimizer-side calls. Telemetry
   * groups a step's task calls by it. Never sent to the model and not part of the cache key.
   */
  readonly target?: string;
  /**
   * The program module that makes a task call (set by programs made with `defineProgram` and
   * `createSingleModuleProgram`), so a host can send each module's calls to a model of its own
   * (`withModuleModels`). Never sent to the model and not part of the cache key.
   */
  readonly module?: string;
}

/** One generation request. */
export interface GenerateRequest {
  /** System prompt. */
  readonly system?: string;
  /** Conversation so far, oldest first. */
  readonly messages: readonly Message[];
  /** Tools the model may call. */
  readonly tools?: readonly ToolDefinition[];
  /** Tool policy; default `auto` when tools are given. */
  readonly toolChoice?: ToolChoice;
  /** Maximum output tokens (completion tokens, including reasoning where the provider counts it so). */
  readonly maxOutputTokens?: number;
  /** Sampling temperature; omitted means the provider's default. */
  readonly temperature?: number;
  /** Ask for JSON output. */
  readonly responseFormat?: ResponseFormat;
  /** Provider-specific options keyed by provider name, e.g. `{ ollama: { think: false } }`. */
  readonly providerOptions?: { readonly [provider: string]: { readonly [key: string]: unknown } };
  /** Cancels the call. */
  readonly abortSignal?: AbortSignal;
  /** Facts about the call that are not sent to the model. */
  readonly metadata?: CallMetadata;
}
