import type { GenerateRequest, Message, Warning } from '@forge/provider';
import { parseAnthropicProviderOptions } from './anthropic-provider-options.js';
import type { ThinkingBlockMemory } from './thinking-block-memory.js';

/** A Messages API request body, as sent on the wire. */
export type AnthropicMessagesBody = { [key: string]: unknown };

/** System prompts at least this long are cached under `cacheSystemPrompt: 'auto'`. */
export const autoCacheMinimumCharacters = 4096;

type ContentBlock = { readonly type: string; readonly [key: string]: unknown };
type WireMessage = { role: 'user' | 'assistant'; content: ContentBlock[] };

/**
 * Builds the `/v1/messages` body: system prompt (with `cache_control` when caching), messages
 * as content blocks — tool calls as `tool_use`, tool results as `tool_result` in a user turn,
 * consecutive same-role turns merged — tools, tool choice, JSON-schema output and limits.
 * `temperature` is not sent: SDK 1.x and the API version it speaks no longer take it.
 */
export function buildAnthropicMessagesBody(
  modelId: string,
  request: GenerateRequest,
  context: { readonly defaultMaxOutputTokens: number; readonly thinking: ThinkingBlockMemory },
): { body: AnthropicMessagesBody; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const options = parseAnthropicProviderOptions(request.providerOptions?.['anthropic']);
  const body: AnthropicMessagesBody = {
    model: modelId,
    max_tokens: request.maxOutputTokens ?? context.defaultMaxOutputTokens,
    messages: toWireMessages(request.messages, context.thinking),
  };
  const system = request.system ?? '';
  if (system !== '') {
    const cache =
      options.cacheSystemPrompt === true ||
      ((options.cacheSystemPrompt ?? 'auto') === 'auto' &&
        system.length >= autoCacheMinimumCharacters);
    body['system'] = cache
      ? [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }]
      : system;
  }
  if (request.tools !== undefined && request.tools.length > 0) {
    body['tools'] = request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema,
    }));
    if (request.toolChoice !== undefined) body['tool_choice'] = toToolChoice(request.toolChoice);
  }
  if (request.temperature !== undefined) {
    warnings.push({
      type: 'unsupported-setting',
      setting: 'temperature',
      message:
        'the Anthropic API version used by @anthropic-ai/sdk 1.x takes no temperature; it was not sent',
    });
  }
  const outputConfig: Record<string, unknown> = {};
  if (options.effort !== undefined) outputConfig['effort'] = options.effort;
  if (request.responseFormat?.schema !== undefined) {
    outputConfig['format'] = { type: 'json_schema', schema: request.responseFormat.schema };
  } else if (request.responseFormat !== undefined) {
    warnings.push({
      type: 'unsupported-setting',
      setting: 'responseFormat',
      message: 'Anthropic enforces JSON only with a schema; ask for JSON in the prompt',
    });
  }
  if (Object.keys(outputConfig).length > 0) body['output_config'] = outputConfig;
  if (options.thinking !== undefined) {
    body['thinking'] =
      options.thinking.type === 'enabled'
        ? { type: 'enabled', budget_tokens: options.thinking.budgetTokens }
        : { type: options.thinking.type };
  }
  if (options.stopSequences !== undefined) body['stop_sequences'] = options.stopSequences;
  if (options.extraBody !== undefined) Object.assign(body, options.extraBody);
  return { body, warnings };
}

function toToolChoice(choice: NonNullable<GenerateRequest['toolChoice']>): unknown {
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any' };
  return { type: 'tool', name: choice.name };
}

function toWireMessages(
  messages: readonly Message[],
  thinking: ThinkingBlockMemory,
): WireMessage[] {
  const wire: WireMessage[] = [];
  const push = (role: WireMessage['role'], blocks: ContentBlock[]) => {
    if (blocks.length === 0) return;
    const last = wire.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else wire.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        push('user', [{ type: 'text', text: message.content }]);
        break;
      case 'tool':
        push('user', [
          {
            type: 'tool_result',
            tool_use_id: message.toolCallId,
            content: message.content,
            ...(message.isError ? { is_error: true } : {}),
          },
        ]);
        break;
      case 'assistant': {
        const toolCalls = message.toolCalls ?? [];
        const first = toolCalls[0];
        push('assistant', [
          ...(first === undefined ? [] : thinking.recall(first.id)),
          // The API rejects empty text blocks.
          ...(message.content === '' ? [] : [{ type: 'text', text: message.content }]),
          ...toolCalls.map((call) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: typeof call.input === 'object' && call.input !== null ? call.input : {},
          })),
        ]);
        break;
      }
    }
  }
  return wire;
}
