export { createLlamaCppModel, localProviderFactory } from './create-llama-cpp-model.js';
export { LlamaCppModel } from './llama-cpp-model.js';
export {
  type LlamaCppProviderOptions,
  parseLlamaCppProviderOptions,
} from './llama-cpp-provider-options.js';
export { disposeLlamaCppRuntimes } from './llama-cpp-runtime.js';
export {
  type LlamaCppSettings,
  type ResolvedLlamaCppSettings,
  resolveLlamaCppSettings,
} from './llama-cpp-settings.js';
export { nodeLlamaCppRange } from './load-node-llama-cpp.js';
export {
  type PullModelOptions,
  type PullProgress,
  type PullResult,
  pullModelFile,
} from './pull-model-file.js';
export { type GgufHeader, GgufHeaderProblem, readGgufHeader } from './read-gguf-header.js';
export { toGbnfJsonSchema } from './to-gbnf-json-schema.js';
