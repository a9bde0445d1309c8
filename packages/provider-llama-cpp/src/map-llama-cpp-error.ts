import { APICallError, abortReason, ForgeError, redactSecrets, scrubError } from '@forge/provider';
import { LoadStageError } from './llama-cpp-runtime.js';
import type { ResolvedLlamaCppSettings } from './llama-cpp-settings.js';

/**
 * Turns what node-llama-cpp threw into the error Forge decides on. The caller's abort passes as
 * its reason; Forge errors pass unchanged. Everything else is an `APICallError` of kind
 * `provider` that is not retried (a local model that failed once fails again the same way),
 * naming the model file and saying what to change: too little memory for the context, a file
 * llama.cpp cannot load, or a runtime that cannot start.
 */
export function mapLlamaCppError(
  error: unknown,
  context: {
    readonly modelString: string;
    readonly settings: ResolvedLlamaCppSettings;
    readonly signal: AbortSignal | undefined;
    /** What llama.cpp logged about the failure, when it did. */
    readonly log: string;
  },
): unknown {
  if (context.signal?.aborted) return abortReason(context.signal);
  if (ForgeError.isInstance(error)) return error;
  const { modelString, settings } = context;
  const stage = error instanceof LoadStageError ? error.stage : undefined;
  const original = error instanceof LoadStageError ? error.original : error;
  const detail = redactSecrets(describe(original));
  const logged = error instanceof LoadStageError ? error.log : context.log;
  const log = logged === '' ? '' : ` (llama.cpp: ${redactSecrets(logged).slice(0, 600)})`;
  const name = (original as { name?: unknown } | null)?.name;
  let message: string;
  if (
    name === 'InsufficientMemoryError' ||
    /out of memory|not enough memory|failed to allocate/i.test(`${detail} ${logged}`)
  ) {
    message = `${modelString}: not enough memory for ${settings.modelPath} with a context of ${settings.contextSize ?? 'up to 4096'} tokens × ${settings.poolSize} sequences: ${detail}${log}. Lower contextSize (FORGE_LOCAL_CONTEXT_SIZE) or poolSize (FORGE_LOCAL_POOL_SIZE), or use a smaller model.`;
  } else if (stage === 'model') {
    message = `${modelString}: llama.cpp could not load ${settings.modelPath}: ${detail}${log}. Is it a complete GGUF model of an architecture this node-llama-cpp supports?`;
  } else if (stage === 'context') {
    message = `${modelString}: llama.cpp could not create a context of ${settings.contextSize ?? 'up to 4096'} tokens × ${settings.poolSize} sequences for ${settings.modelPath}: ${detail}${log}`;
  } else if (stage === 'runtime') {
    message = `${modelString}: node-llama-cpp could not start llama.cpp: ${detail}${log}. Its prebuilt binary for this platform (@node-llama-cpp/<platform>) may be missing: reinstall node-llama-cpp.`;
  } else {
    message = `${modelString}: generation failed: ${detail}${log}`;
  }
  return new APICallError({
    message,
    kind: 'provider',
    isRetryable: false,
    provider: 'local',
    modelId: settings.modelId,
    cause: scrubError(original),
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
