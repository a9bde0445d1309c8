import { type FinishReason, type Message, type RecordedCall, redactSecrets } from '@forge/provider';
import type { Attributes } from '@opentelemetry/api';
import type { SpanDraft } from './span-draft.js';

/** The longest text one content attribute carries; the rest is cut, saying how much. */
export const contentLimit = 32_000;

// GenAI semantic conventions spell finish reasons with underscores.
const finishReasons: Readonly<Record<FinishReason, string>> = {
  stop: 'stop',
  length: 'length',
  'tool-calls': 'tool_calls',
  'content-filter': 'content_filter',
  error: 'error',
  other: 'other',
};

/**
 * The span of one model call (the GenAI semantic conventions' `chat` span): provider, models,
 * request settings, token usage, finish reason, and Forge's role, step, program module, cost and
 * cache hit. The
 * prompt and the answer are included only when `includeContent` is set, and even then with every
 * registered secret and credential-shaped token redacted. Nothing else of the request is read,
 * so no header, key or URL can reach an attribute.
 */
export function callSpan(
  call: RecordedCall,
  options: { readonly includeContent: boolean },
): SpanDraft {
  const { request, result, error } = call;
  const metadata = request.metadata;
  // Built by assignment, not by spreading conditional objects: this runs once per model call.
  const attributes: Attributes = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': call.provider,
    'gen_ai.system': call.provider,
    'gen_ai.request.model': call.modelId,
    'forge.role': call.role ?? 'unknown',
    'forge.sample_index': call.sampleIndex,
  };
  if (metadata?.step !== undefined) attributes['forge.step'] = metadata.step;
  if (metadata?.target !== undefined) attributes['forge.evaluation.target'] = metadata.target;
  if (metadata?.module !== undefined) attributes['forge.module'] = metadata.module;
  if (request.temperature !== undefined)
    attributes['gen_ai.request.temperature'] = request.temperature;
  if (request.maxOutputTokens !== undefined)
    attributes['gen_ai.request.max_tokens'] = request.maxOutputTokens;
  if (result !== undefined) {
    const usage = result.usage;
    attributes['gen_ai.response.model'] = result.response?.modelId ?? call.modelId;
    if (result.response?.id !== undefined) attributes['gen_ai.response.id'] = result.response.id;
    attributes['gen_ai.response.finish_reasons'] = [finishReasons[result.finishReason] ?? 'other'];
    attributes['gen_ai.usage.input_tokens'] = usage.inputTokens;
    attributes['gen_ai.usage.output_tokens'] = usage.outputTokens;
    if (usage.cachedInputTokens !== undefined)
      attributes['gen_ai.usage.cache_read.input_tokens'] = usage.cachedInputTokens;
    if (usage.cacheWriteTokens !== undefined)
      attributes['gen_ai.usage.cache_creation.input_tokens'] = usage.cacheWriteTokens;
    if (usage.reasoningTokens !== undefined)
      attributes['forge.usage.reasoning_tokens'] = usage.reasoningTokens;
    attributes['forge.cost_usd'] = result.costUsd ?? 0;
    attributes['forge.cache_hit'] = result.cached === true;
  }
  if (options.includeContent) Object.assign(attributes, contentAttributes(call));
  const draft: SpanDraft = {
    name: `chat ${call.modelId}`,
    start: call.startedAt,
    end: call.startedAt + call.durationMs,
    kind: 'client',
    attributes,
    events: [],
    children: [],
  };
  if (error !== undefined) {
    // A recorded error is already redacted (`recordError`); redacted again for registered secrets.
    attributes['error.type'] = error.kind ?? error.name;
    draft.error = redactSecrets(error.message);
  }
  return draft;
}

/** The opted-in prompt and answer, as the conventions' JSON attributes, redacted and clipped. */
function contentAttributes(call: RecordedCall): Attributes {
  const { request, result } = call;
  const attributes: Attributes = {};
  if (request.system !== undefined && request.system !== '') {
    attributes['gen_ai.system_instructions'] = contentJson([
      { type: 'text', content: clip(request.system) },
    ]);
  }
  attributes['gen_ai.input.messages'] = contentJson(request.messages.map(messageParts));
  if (result !== undefined) {
    attributes['gen_ai.output.messages'] = contentJson([
      {
        role: 'assistant',
        parts: [
          { type: 'text', content: clip(result.text) },
          ...result.toolCalls.map((toolCall) => ({
            type: 'tool_call',
            id: toolCall.id,
            name: toolCall.name,
            arguments: toolCall.input,
          })),
        ],
        finish_reason: finishReasons[result.finishReason] ?? 'other',
      },
    ]);
  }
  return attributes;
}

function messageParts(message: Message): unknown {
  if (message.role === 'tool') {
    return {
      role: 'tool',
      parts: [
        { type: 'tool_call_response', id: message.toolCallId, response: clip(message.content) },
      ],
    };
  }
  const toolCalls = message.role === 'assistant' ? (message.toolCalls ?? []) : [];
  return {
    role: message.role,
    parts: [
      { type: 'text', content: clip(message.content) },
      ...toolCalls.map((toolCall) => ({
        type: 'tool_call',
        id: toolCall.id,
        name: toolCall.name,
        arguments: toolCall.input,
      })),
    ],
  };
}

function contentJson(value: unknown): string {
  return redactSecrets(JSON.stringify(value));
}

function clip(text: string): string {
  return text.length <= contentLimit
    ? text
    : `${text.slice(0, contentLimit)}… [${text.length - contentLimit} characters left out]`;
}
