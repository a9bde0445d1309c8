import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';

/** Options under `providerOptions.local`: sampling settings llama.cpp has and the contract lacks. */
export interface LlamaCppProviderOptions {
  /** Seed of the sampler (used when the temperature is above 0). */
  readonly seed?: number;
  /** Sample only from the `topK` most likely tokens. */
  readonly topK?: number;
  /** Sample only from the most likely tokens whose probabilities add up to `topP`. */
  readonly topP?: number;
  /** Drop tokens less likely than `minP` times the most likely one. */
  readonly minP?: number;
}

const schema = z.strictObject({
  seed: z.number().int().nonnegative().optional(),
  topK: z.number().int().nonnegative().optional(),
  topP: z.number().min(0).max(1).optional(),
  minP: z.number().min(0).max(1).optional(),
});

/** Validates provider options; a bad value is an `InvalidArgumentError` naming the field. */
export function parseLlamaCppProviderOptions(
  input: { readonly [key: string]: unknown } | undefined,
): LlamaCppProviderOptions {
  if (input === undefined) return {};
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = `providerOptions.local${issue?.path.length ? `.${issue.path.map(String).join('.')}` : ''}`;
  throw new InvalidArgumentError({
    argument: field,
    message: `${field}: ${issue?.message ?? 'invalid value'}`,
  });
}
