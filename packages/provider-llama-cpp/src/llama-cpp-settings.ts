import { isAbsolute, resolve } from 'node:path';
import { type Environment, InvalidArgumentError, loadOptionalSetting } from '@forge/provider';
import { z } from 'zod';

/** Settings of `createLlamaCppModel` (and of `local:` models, from a config file's `settings`). */
export interface LlamaCppSettings {
  /** Path of the GGUF file; relative paths are taken from the working directory. */
  readonly modelPath: string;
  /**
   * Tokens each call can see (prompt and answer together). Default `FORGE_LOCAL_CONTEXT_SIZE`,
   * else 4096 (or the model's trained context, when that is smaller).
   */
  readonly contextSize?: number;
  /**
   * Calls generated at once: the context pool's size. The model is loaded once; each call takes
   * one sequence of a shared context (batched together), later calls wait for a free one.
   * Default `FORGE_LOCAL_POOL_SIZE`, else 2.
   */
  readonly poolSize?: number;
  /**
   * CPU threads for generation. Default `FORGE_LOCAL_THREADS`, else node-llama-cpp's choice (the
   * cores useful for math). On a busy machine, fewer threads are much faster.
   */
  readonly threads?: number;
  /**
   * Layers offloaded to a GPU: a number, `max`, or `auto` (what fits). Default 0: CPU only,
   * which is what the prebuilt binary installed with Forge's workspace runs.
   */
  readonly gpuLayers?: number | 'auto' | 'max';
  /** Output-token limit of a call that gives none. Default 512. */
  readonly maxOutputTokens?: number;
  /** Where environment variables are read. Default `process.env`. */
  readonly environment?: Environment;
}

/** Settings after defaults and the environment are applied. */
export interface ResolvedLlamaCppSettings {
  /** Absolute path of the GGUF file. */
  readonly modelPath: string;
  /** The path as given (the model id). */
  readonly modelId: string;
  /** Tokens per sequence, or `undefined`: 4096 capped by the model's trained context. */
  readonly contextSize: number | undefined;
  /** Sequences of the shared context. */
  readonly poolSize: number;
  /** CPU threads, or `undefined` for node-llama-cpp's default. */
  readonly threads: number | undefined;
  /** Layers on the GPU. */
  readonly gpuLayers: number | 'auto' | 'max';
  /** Default output-token limit. */
  readonly maxOutputTokens: number;
}

const positiveInteger = z.number().int().positive();

const settingsSchema = z.strictObject({
  modelPath: z.string().min(1),
  contextSize: positiveInteger.optional(),
  poolSize: positiveInteger.max(64).optional(),
  threads: positiveInteger.max(1024).optional(),
  gpuLayers: z.union([z.number().int().nonnegative(), z.enum(['auto', 'max'])]).optional(),
  maxOutputTokens: positiveInteger.optional(),
  environment: z.record(z.string(), z.string().optional()).optional(),
});

/**
 * Validates settings and reads `FORGE_LOCAL_CONTEXT_SIZE`, `FORGE_LOCAL_POOL_SIZE` and
 * `FORGE_LOCAL_THREADS`. A bad value is an `InvalidArgumentError` naming the field.
 */
export function resolveLlamaCppSettings(settings: LlamaCppSettings): ResolvedLlamaCppSettings {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || 'settings';
    throw new InvalidArgumentError({
      argument: field,
      message: `local model settings → ${field}: ${issue?.message ?? 'invalid value'}`,
    });
  }
  const fromEnvironment = (value: number | undefined, environmentVariable: string) => {
    if (value !== undefined) return value;
    const text = loadOptionalSetting({
      value: undefined,
      environmentVariable,
      environment: settings.environment,
    });
    if (text === undefined) return undefined;
    const number = Number(text);
    if (!Number.isInteger(number) || number <= 0) {
      throw new InvalidArgumentError({
        argument: environmentVariable,
        message: `${environmentVariable}=${JSON.stringify(text)}: expected a positive whole number`,
      });
    }
    return number;
  };
  const { modelPath } = parsed.data;
  return {
    modelPath: isAbsolute(modelPath) ? modelPath : resolve(modelPath),
    modelId: modelPath,
    contextSize: fromEnvironment(parsed.data.contextSize, 'FORGE_LOCAL_CONTEXT_SIZE'),
    poolSize: fromEnvironment(parsed.data.poolSize, 'FORGE_LOCAL_POOL_SIZE') ?? 2,
    threads: fromEnvironment(parsed.data.threads, 'FORGE_LOCAL_THREADS'),
    gpuLayers: parsed.data.gpuLayers ?? 0,
    maxOutputTokens: parsed.data.maxOutputTokens ?? 512,
  };
}
