import type { ProviderFactory } from '@forge/provider';
import { OllamaChatModel } from './ollama-chat-model.js';
import { type OllamaSettings, resolveOllamaSettings } from './ollama-settings.js';

/** Makes models of one Ollama server. */
export interface OllamaProvider {
  /** A chat model, e.g. `provider('qwen3:8b')`. */
  (modelId: string): OllamaChatModel;
  /** Same as calling the provider. */
  languageModel(modelId: string): OllamaChatModel;
  /** Server address in use. */
  readonly host: string;
}

/** Creates an Ollama provider (`OLLAMA_HOST` or `http://127.0.0.1:11434`). */
export function createOllama(settings: OllamaSettings = {}): OllamaProvider {
  const resolved = resolveOllamaSettings(settings);
  const languageModel = (modelId: string) => new OllamaChatModel(modelId, resolved);
  return Object.assign(languageModel, { languageModel, host: resolved.host });
}

/** A registry factory: `ollama:<model>` (the model id may contain `:`, e.g. `qwen3:8b`). */
export const ollamaProviderFactory: ProviderFactory = (modelId, options) =>
  createOllama({
    ...(options.settings as OllamaSettings | undefined),
    ...(options.environment ? { environment: options.environment } : {}),
  }).languageModel(modelId);
