import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';

/** Options under `providerOptions.ollama`. */
export interface OllamaProviderOptions {
  /** Thinking: `false` turns it off (as the paper runs Qwen3), `true` or a level turns it on. */
  readonly think?: boolean | 'low' | 'medium' | 'high';
  /** Modelfile parameters (`num_ctx`, `seed`, `top_k`, `top_p`, `stop`, …); request fields win. */
  readonly options?: { readonly [key: string]: unknown };
  /** How long the model stays loaded after the call, e.g. `"10m"` or seconds. */
  readonly keepAlive?: string | number;
}

const schema = z.strictObject({
  think: z.union([z.boolean(), z.enum(['low', 'medium', 'high'])]).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  keepAlive: z.union([z.string(), z.number()]).optional(),
});

/** Validates provider options; a bad value is an `InvalidArgumentError` naming the field. */
export function parseOllamaProviderOptions(
  input: { readonly [key: string]: unknown } | undefined,
): OllamaProviderOptions {
  if (input === undefined) return {};
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = `providerOptions.ollama${issue?.path.length ? `.${issue.path.map(String).join('.')}` : ''}`;
  throw new InvalidArgumentError({
    argument: field,
    message: `${field}: ${issue?.message ?? 'invalid value'}`,
  });
}
