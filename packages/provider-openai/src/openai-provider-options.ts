import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';

/**
 * Options under `providerOptions.openai` (or under the provider's own name when it was created
 * with another `name`, e.g. `providerOptions.vllm`).
 */
export interface OpenAIProviderOptions {
  /** `reasoning_effort` of reasoning models (`none` … `max`); the paper's optimizer uses `medium`. */
  readonly reasoningEffort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  /** Sampling seed, for servers that honour it. */
  readonly seed?: number;
  /** Nucleus sampling. */
  readonly topP?: number;
  /** Stop sequences. */
  readonly stop?: readonly string[];
  /** Whether the model may call several tools in one turn. */
  readonly parallelToolCalls?: boolean;
  /** Send JSON schemas (response format) with `strict: true`. Default false. */
  readonly strictJsonSchema?: boolean;
  /** Name of the output-limit field. Default `max_completion_tokens`; old servers want `max_tokens`. */
  readonly maxTokensParameter?: 'max_completion_tokens' | 'max_tokens';
  /** Prompt-cache routing key (OpenAI). */
  readonly promptCacheKey?: string;
  /** Service tier (OpenAI). */
  readonly serviceTier?: 'auto' | 'default' | 'flex' | 'priority';
  /**
   * Fields merged into the request body as they are, for server extensions — e.g. vLLM's
   * `{ chat_template_kwargs: { enable_thinking: false } }` to run Qwen3 without thinking.
   */
  readonly extraBody?: { readonly [key: string]: unknown };
}

const schema = z.strictObject({
  reasoningEffort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']).optional(),
  seed: z.number().int().optional(),
  topP: z.number().min(0).max(1).optional(),
  stop: z.array(z.string()).optional(),
  parallelToolCalls: z.boolean().optional(),
  strictJsonSchema: z.boolean().optional(),
  maxTokensParameter: z.enum(['max_completion_tokens', 'max_tokens']).optional(),
  promptCacheKey: z.string().optional(),
  serviceTier: z.enum(['auto', 'default', 'flex', 'priority']).optional(),
  extraBody: z.record(z.string(), z.unknown()).optional(),
});

/** Validates provider options; a bad value is an `InvalidArgumentError` naming the field. */
export function parseOpenAIProviderOptions(
  input: { readonly [key: string]: unknown } | undefined,
  key: string,
): OpenAIProviderOptions {
  if (input === undefined) return {};
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = `providerOptions.${key}${issue?.path.length ? `.${issue.path.map(String).join('.')}` : ''}`;
  throw new InvalidArgumentError({
    argument: field,
    message: `${field}: ${issue?.message ?? 'invalid value'}`,
  });
}
