import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/** A model string split into its provider name and model id. */
export interface ModelReference {
  /** Provider name, e.g. `ollama`. */
  readonly provider: string;
  /** Model id, e.g. `qwen3:8b`. May itself contain `:`. */
  readonly modelId: string;
}

/**
 * Parses `provider:model`, splitting on the first `:` only, so `ollama:qwen3:8b` is provider
 * `ollama` and model `qwen3:8b`.
 *
 * @throws InvalidArgumentError when there is no `:`, or either side is empty or has spaces.
 */
export function parseModelString(modelString: string, argument = 'model'): ModelReference {
  const trimmed = modelString.trim();
  const colon = trimmed.indexOf(':');
  const provider = colon < 0 ? '' : trimmed.slice(0, colon);
  const modelId = colon < 0 ? '' : trimmed.slice(colon + 1);
  if (colon < 0 || provider === '' || modelId === '') {
    throw new InvalidArgumentError({
      argument,
      message: `${argument}: expected "provider:model" (for example "openai:gpt-5.5" or "ollama:qwen3:8b"), got ${JSON.stringify(modelString)}`,
    });
  }
  if (!/^[a-z][a-z0-9_-]*$/i.test(provider)) {
    throw new InvalidArgumentError({
      argument,
      message: `${argument}: provider name ${JSON.stringify(provider)} must be letters, digits, "_" or "-"`,
    });
  }
  if (/\s/.test(modelId)) {
    throw new InvalidArgumentError({
      argument,
      message: `${argument}: model id ${JSON.stringify(modelId)} must not contain spaces`,
    });
  }
  return { provider, modelId };
}

/** Formats a model reference back into `provider:model`. */
export function formatModelString(reference: ModelReference): string {
  return `${reference.provider}:${reference.modelId}`;
}
