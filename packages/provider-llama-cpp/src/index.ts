export { createLlamaCppModel, localProviderFactory } from './create-llama-cpp-model.js';
export { disposeLlamaCppRuntimes } from './dispose-llama-cpp-runtimes.js';
export { LlamaCppModel } from './llama-cpp-model.js';
export {
  type LlamaCppProviderOptions,
  parseLlamaCppProviderOptions,
} from './llama-cpp-provider-options.js';
export {
  type LlamaCppSettings,
  type ResolvedLlamaCppSettings,
  resolveLlamaCppSettings,
} from './llama-cpp-settings.js';
export { nodeLlamaCppRange } from './node-llama-cpp-range.js';
export {
  type PullModelOptions,
  type PullProgress,
  type PullResult,
  pullModelFile,
} from './pull-model-file.js';
export { type GgufHeader, GgufHeaderProblem, readGgufHeader } from './read-gguf-header.js';
export { toGbnfJsonSchema } from './to-gbnf-json-schema.js';
