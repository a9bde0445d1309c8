export {
  type AnswersThroughRetryAndCache,
  answersThroughRetryAndCache,
  type RetriedFailure,
} from './answers-through-retry-and-cache.js';
export { type FailuresThroughRetry, failuresThroughRetry } from './failures-through-retry.js';
export {
  type LoopbackHandler,
  type LoopbackRequest,
  type LoopbackResponse,
  type LoopbackServer,
  startLoopbackServer,
} from './loopback-server.js';
export { ManualClock } from './manual-clock.js';
export {
  type MockCall,
  MockLanguageModel,
  type MockLanguageModelSettings,
  type MockResponse,
} from './mock-language-model.js';
export { type PathResponse, type PathServer, startPathServer } from './path-server.js';
export { deeplyNestedJson, tooDeepRefusalPlaces } from './too-deep-refusals.js';
