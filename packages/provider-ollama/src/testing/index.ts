export {
  type OllamaChatScript,
  ollamaChatResponse,
  ollamaError,
  startOllamaTestServer,
} from './ollama-test-server.js';
