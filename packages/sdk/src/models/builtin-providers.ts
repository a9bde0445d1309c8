import { ProviderRegistry } from '@forge/provider';
import { anthropicProviderFactory } from '@forge/provider-anthropic';
import { ollamaProviderFactory } from '@forge/provider-ollama';
import { openAIProviderFactory } from '@forge/provider-openai';
import { simProviderFactory } from '@forge/sim';

/**
 * The providers that ship with Forge: `openai` (and OpenAI-compatible servers through
 * `baseURL`), `anthropic` and `ollama` — plus `sim`, the offline simulated models, which a run
 * uses only when its model strings say `sim:task` or `sim:optimizer`. A separate registry, so the user's registrations in the
 * default registry can override a built-in name without changing it.
 */
export const builtinProviders = new ProviderRegistry()
  .register('openai', openAIProviderFactory)
  .register('anthropic', anthropicProviderFactory)
  .register('ollama', ollamaProviderFactory)
  .register('sim', simProviderFactory);
