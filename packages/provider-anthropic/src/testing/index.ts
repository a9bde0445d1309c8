export {
  type AnthropicMessageScript,
  anthropicError,
  anthropicMessage,
  startAnthropicTestServer,
} from './anthropic-test-server.js';
