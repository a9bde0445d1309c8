import { statSync } from 'node:fs';
import { totalmem } from 'node:os';
import { InvalidArgumentError, type ProviderFactory } from '@forge/provider';
import { LlamaCppModel } from './llama-cpp-model.js';
import { type LlamaCppSettings, resolveLlamaCppSettings } from './llama-cpp-settings.js';
import { assertNodeLlamaCppInstalled } from './load-node-llama-cpp.js';
import { type GgufHeader, GgufHeaderProblem, readGgufHeader } from './read-gguf-header.js';

/**
 * A local GGUF model as a `LanguageModel` (provider `local`). Checks now, before any call, that
 * the file exists and is a complete GGUF file, and that node-llama-cpp is installed: each problem
 * is an `InvalidArgumentError` naming the file. The weights are loaded on the first call.
 */
export function createLlamaCppModel(settings: LlamaCppSettings): LlamaCppModel {
  const resolved = resolveLlamaCppSettings(settings);
  const modelString = `local:${resolved.modelId}`;
  const fail = (reason: string, cause?: unknown): never => {
    throw new InvalidArgumentError({
      argument: 'model',
      message: `${modelString}${resolved.modelPath === resolved.modelId ? '' : ` (${resolved.modelPath})`}: ${reason}`,
      ...(cause === undefined ? {} : { cause }),
    });
  };
  const problem = checkModelFile(resolved.modelPath);
  if (typeof problem === 'string') fail(problem);
  const header = readGgufHeaderOrReason(resolved.modelPath);
  if (header instanceof GgufHeaderProblem) return fail(header.reason);
  const contextSize = resolved.contextSize ?? Math.min(4096, header.trainedContextLength ?? 4096);
  const memory = memoryShortfall(header, contextSize, resolved.poolSize);
  if (memory !== undefined) fail(memory);
  assertNodeLlamaCppInstalled(modelString);
  return new LlamaCppModel({ ...resolved, contextSize }, header);
}

/**
 * A registry factory: `local:<path-to.gguf>` (the path may contain `:`). Settings other than the
 * path (`contextSize`, `poolSize`, `threads`, `gpuLayers`, `maxOutputTokens`) come from the
 * model's `settings` in a config file or from `FORGE_LOCAL_*` environment variables.
 */
export const localProviderFactory: ProviderFactory = (modelId, options) =>
  createLlamaCppModel({
    ...(options.settings as Partial<LlamaCppSettings> | undefined),
    modelPath: modelId,
    ...(options.environment ? { environment: options.environment } : {}),
  });

// Why the path is no model file, or undefined when it is a non-empty file.
function checkModelFile(path: string): string | undefined {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return 'not a file (give the path of a .gguf model file)';
    if (stats.size === 0) return 'the file is empty';
    return undefined;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      return 'no such file. Give the path of a GGUF model file (forge models pull <url> downloads one).';
    }
    return `cannot be read (${(error as Error).message})`;
  }
}

function readGgufHeaderOrReason(path: string): GgufHeader | GgufHeaderProblem {
  try {
    return readGgufHeader(path);
  } catch (error) {
    return new GgufHeaderProblem(`cannot be read (${(error as Error).message})`);
  }
}

const gibibyte = 1024 ** 3;

// llama.cpp allocates the whole key-value cache when the context is made: a context that cannot
// fit in this machine's memory beside the weights is refused now, with the numbers, rather than
// left to swap or fail inside llama.cpp.
function memoryShortfall(
  header: GgufHeader,
  contextSize: number,
  poolSize: number,
): string | undefined {
  if (header.kvBytesPerToken === undefined) return undefined;
  const cache = header.kvBytesPerToken * contextSize * poolSize;
  const needed = header.fileBytes + cache;
  const available = totalmem();
  if (needed <= available) return undefined;
  const gib = (bytes: number) => `${(bytes / gibibyte).toFixed(1)} GiB`;
  return `too little memory: the weights (${gib(header.fileBytes)}) and a context of ${contextSize} tokens × ${poolSize} sequences (${gib(cache)}) need about ${gib(needed)}, this machine has ${gib(available)}. Lower contextSize (FORGE_LOCAL_CONTEXT_SIZE) or poolSize (FORGE_LOCAL_POOL_SIZE), or use a smaller model.`;
}
