export { createOpenAI, type OpenAIProvider, openAIProviderFactory } from './create-openai.js';
export { OpenAIChatModel, type OpenAIChatModelConfig } from './openai-chat-model.js';
export { buildOpenAIChatBody, type OpenAIChatBody } from './openai-chat-request.js';
export { createOpenAIEndpointPool } from './openai-endpoint-pool.js';
export {
  type OpenAIProviderOptions,
  parseOpenAIProviderOptions,
} from './openai-provider-options.js';
export {
  type OpenAIPoolSettings,
  type OpenAISettings,
  openAIDefaultBaseURL,
  type ResolvedOpenAISettings,
  resolveOpenAISettings,
} from './openai-settings.js';
