export { createOllama, type OllamaProvider, ollamaProviderFactory } from './create-ollama.js';
export { OllamaChatModel } from './ollama-chat-model.js';
export { buildOllamaChatBody, type OllamaChatBody } from './ollama-chat-request.js';
export {
  type OllamaProviderOptions,
  parseOllamaProviderOptions,
} from './ollama-provider-options.js';
export {
  type OllamaSettings,
  ollamaDefaultHost,
  type ResolvedOllamaSettings,
  resolveOllamaSettings,
} from './ollama-settings.js';
