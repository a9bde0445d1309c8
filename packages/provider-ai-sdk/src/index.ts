export {
  AISDKLanguageModel,
  type FromAISDKOptions,
  fromAISDK,
} from './ai-sdk-language-model.js';
export { fromAISDKResult, fromAISDKUsage } from './from-ai-sdk-result.js';
export { type AISDKErrorContext, mapAISDKError } from './map-ai-sdk-error.js';
export { toAISDKCallOptions } from './to-ai-sdk-call-options.js';
