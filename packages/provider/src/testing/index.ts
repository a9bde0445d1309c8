export {
  type MockCall,
  MockLanguageModel,
  type MockLanguageModelSettings,
  type MockResponse,
} from './mock-language-model.js';
