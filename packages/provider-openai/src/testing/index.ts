export {
  type OpenAIChatCompletionScript,
  type OpenAITestServer,
  openAIChatCompletion,
  openAIError,
  startOpenAITestServer,
} from './openai-test-server.js';
