export { type AgentTool, type AgentToolContext, defineTool } from './agent/agent-tool.js';
export type { TranscriptEntry } from './agent/agent-transcript.js';
export {
  type AgentFinishReason,
  type AgentResult,
  type RunAgentOptions,
  runAgent,
} from './agent/run-agent.js';
export {
  APICallError,
  type APICallErrorKind,
  isRetryableFailure,
} from './errors/api-call-error.js';
export { ForgeError } from './errors/forge-error.js';
export { InvalidArgumentError } from './errors/invalid-argument-error.js';
export { LoadSettingError } from './errors/load-setting-error.js';
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
export { addUsage, emptyUsage } from './language-model/usage.js';
