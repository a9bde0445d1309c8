export {
  AnthropicMessagesModel,
  type AnthropicMessagesModelConfig,
} from './anthropic-messages-model.js';
export {
  type AnthropicMessagesBody,
  autoCacheMinimumCharacters,
  buildAnthropicMessagesBody,
} from './anthropic-messages-request.js';
export {
  type AnthropicProviderOptions,
  parseAnthropicProviderOptions,
} from './anthropic-provider-options.js';
export {
  type AnthropicSettings,
  anthropicDefaultBaseURL,
  type ResolvedAnthropicSettings,
  resolveAnthropicSettings,
} from './anthropic-settings.js';
export {
  type AnthropicProvider,
  anthropicProviderFactory,
  createAnthropic,
} from './create-anthropic.js';
