import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';

/** Options under `providerOptions.anthropic`. */
export interface AnthropicProviderOptions {
  /**
   * Mark the system prompt (and with it the tool definitions before it) for prompt caching
   * (`cache_control: ephemeral`). `auto` (default) caches system prompts of 4096 characters or
   * more — about the 1024-token minimum the API caches — since Forge repeats each module's
   * prompt over many instances.
   */
  readonly cacheSystemPrompt?: boolean | 'auto';
  /** Extended thinking: `{ type: 'enabled', budgetTokens }`, `{ type: 'adaptive' }` or `{ type: 'disabled' }`. */
  readonly thinking?:
    | { readonly type: 'enabled'; readonly budgetTokens: number }
    | { readonly type: 'adaptive' }
    | { readonly type: 'disabled' };
  /** `output_config.effort`. */
  readonly effort?: 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  /** Stop sequences. */
  readonly stopSequences?: readonly string[];
  /** Fields merged into the request body as they are. */
  readonly extraBody?: { readonly [key: string]: unknown };
}

const schema = z.strictObject({
  cacheSystemPrompt: z.union([z.boolean(), z.literal('auto')]).optional(),
  thinking: z
    .discriminatedUnion('type', [
      z.strictObject({ type: z.literal('enabled'), budgetTokens: z.number().int().min(1024) }),
      z.strictObject({ type: z.literal('adaptive') }),
      z.strictObject({ type: z.literal('disabled') }),
    ])
    .optional(),
  effort: z.enum(['low', 'medium', 'high', 'xhigh', 'max']).optional(),
  stopSequences: z.array(z.string()).optional(),
  extraBody: z.record(z.string(), z.unknown()).optional(),
});

/** Validates provider options; a bad value is an `InvalidArgumentError` naming the field. */
export function parseAnthropicProviderOptions(
  input: { readonly [key: string]: unknown } | undefined,
): AnthropicProviderOptions {
  if (input === undefined) return {};
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = `providerOptions.anthropic${issue?.path.length ? `.${issue.path.map(String).join('.')}` : ''}`;
  throw new InvalidArgumentError({
    argument: field,
    message: `${field}: ${issue?.message ?? 'invalid value'}`,
  });
}
