export { type AgentTool, type AgentToolContext, defineTool } from './agent/agent-tool.js';
export type { TranscriptEntry } from './agent/agent-transcript.js';
export {
  type AgentFinishReason,
  type AgentResult,
  type RunAgentOptions,
  runAgent,
} from './agent/run-agent.js';
export type { CallCache, CallCacheEntry } from './cache/call-cache.js';
export { callCacheKey, callCacheKeyVersion } from './cache/call-cache-key.js';
export { canonicalJson } from './cache/canonical-json.js';
export { MemoryCallCache } from './cache/memory-call-cache.js';
export {
  APICallError,
  type APICallErrorKind,
  isRetryableFailure,
} from './errors/api-call-error.js';
export { ForgeError } from './errors/forge-error.js';
export { httpCallError, scrubError } from './errors/http-call-error.js';
export { InvalidArgumentError } from './errors/invalid-argument-error.js';
export { httpStatusOf, isRetryableError } from './errors/is-retryable-error.js';
export { LoadSettingError } from './errors/load-setting-error.js';
export { type NetworkFailureKind, networkFailureKind } from './errors/network-error.js';
export { type HeaderLookup, headerLookup, parseRetryAfterMs } from './errors/parse-retry-after.js';
export {
  type ProviderFailureContext,
  providerFailure,
} from './errors/provider-failure.js';
export { RetryError, type RetryErrorReason } from './errors/retry-error.js';
export {
  checkResponseDepth,
  isStackOverflow,
  type ResponseOrigin,
  tooDeepResponseError,
} from './errors/too-deep-response-error.js';
export { unreadableResponseError } from './errors/unreadable-response-error.js';
export type {
  CallMetadata,
  GenerateRequest,
  JsonSchema,
  ModelRole,
  ResponseFormat,
  ToolChoice,
  ToolDefinition,
} from './language-model/generate-request.js';
export type {
  FinishReason,
  GenerateResult,
  Usage,
  Warning,
} from './language-model/generate-result.js';
export type { LanguageModel } from './language-model/language-model.js';
export type {
  AssistantMessage,
  Message,
  ToolCall,
  ToolMessage,
  UserMessage,
} from './language-model/message.js';
export {
  formatModelString,
  type ModelReference,
  parseModelString,
} from './language-model/model-string.js';
export {
  jsonTextBeyondDepth,
  maxResponseDepth,
  pathBeyondDepth,
} from './language-model/nesting-depth.js';
export { addUsage, emptyUsage } from './language-model/usage.js';
export {
  type CallRecorder,
  MemoryCallRecorder,
  type RecordedCall,
  type RecordedError,
  type RecordedRequest,
  recordError,
} from './middleware/call-recorder.js';
export { abortReason, type Clock, sleep, systemClock } from './middleware/clock.js';
export {
  applyDefaultMiddleware,
  type DefaultMiddlewareOptions,
  defaultConcurrency,
  defaultMiddleware,
  defaultTimeoutMs,
} from './middleware/default-middleware.js';
export { estimateRequestTokens } from './middleware/estimate-tokens.js';
export {
  type LanguageModelMiddleware,
  modelIdentity,
  wrapLanguageModel,
} from './middleware/language-model-middleware.js';
export {
  type LimitOptions,
  type LimitOutcome,
  type LimitPermit,
  ModelLimiter,
} from './middleware/model-limiter.js';
export {
  isPerEndpointModel,
  type PerEndpointModel,
  perEndpointModelMark,
} from './middleware/per-endpoint-model.js';
export { TokenBucket } from './middleware/token-bucket.js';
export type { UsageMeter } from './middleware/usage-meter.js';
export { type CacheOptions, withCache } from './middleware/with-cache.js';
export { stepMetadata, withCallMetadata } from './middleware/with-call-metadata.js';
export { withCostMeter } from './middleware/with-cost-meter.js';
export { withDepthLimit } from './middleware/with-depth-limit.js';
export { withLimits } from './middleware/with-limits.js';
export { withModuleModels } from './middleware/with-module-models.js';
export { withRecorder } from './middleware/with-recorder.js';
export {
  applyRequestDefaults,
  type RequestDefaults,
  withRequestDefaults,
} from './middleware/with-request-defaults.js';
export { type RetryEvent, type RetryOptions, withRetry } from './middleware/with-retry.js';
export { type TimeoutOptions, withTimeout } from './middleware/with-timeout.js';
export {
  guardProviderFactory,
  guardProviderModel,
  type ProviderGuardOptions,
} from './registry/guard-provider-factory.js';
export type { ProviderFactory, ProviderFactoryOptions } from './registry/provider-factory.js';
export {
  defaultProviderRegistry,
  ProviderRegistry,
  registerProvider,
  unregisterProvider,
} from './registry/provider-registry.js';
export { checkServerUrl } from './settings/check-server-url.js';
export { endpointLabel } from './settings/endpoint-label.js';
export {
  type Environment,
  loadApiKey,
  loadOptionalSetting,
  withoutTrailingSlash,
} from './settings/load-setting.js';
export {
  nonSecretHeaderNames,
  redactSecrets,
  registerEnvironmentSecrets,
  registerSecret,
  registerSecretHeaders,
  registerUrlSecrets,
} from './settings/redact-secrets.js';
export { type SplitServerUrl, splitServerUrl } from './settings/split-server-url.js';
export { terminalSafe } from './text/terminal-safe.js';
