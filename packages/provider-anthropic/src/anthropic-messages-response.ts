import type { FinishReason, GenerateResult, ToolCall, Usage, Warning } from '@forge/provider';
import { z } from 'zod';
import type { ThinkingBlock, ThinkingBlockMemory } from './thinking-block-memory.js';

const blockSchema = z.union([
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
  z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  z.object({ type: z.string() }),
]);

const responseSchema = z.object({
  id: z.string().nullish(),
  model: z.string().nullish(),
  content: z.array(blockSchema),
  stop_reason: z.string().nullish(),
  usage: z.object({
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_creation_input_tokens: z.number().nullish(),
    cache_read_input_tokens: z.number().nullish(),
    output_tokens_details: z.object({ thinking_tokens: z.number().nullish() }).nullish(),
  }),
});

/** Why a response body could not be used. */
export class MalformedResponse {
  constructor(readonly reason: string) {}
}

/**
 * Maps a Messages API response onto a `GenerateResult`: text blocks joined, thinking as
 * `reasoning` (and remembered for the next turn), `tool_use` blocks as tool calls, usage with
 * cache reads and writes folded into the input total.
 */
export function mapAnthropicMessagesResponse(
  raw: unknown,
  requestWarnings: readonly Warning[],
  thinking: ThinkingBlockMemory,
): GenerateResult | MalformedResponse {
  const parsed = responseSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join('.') || 'body';
    return new MalformedResponse(`${where}: ${issue?.message ?? 'unexpected shape'}`);
  }
  const response = parsed.data;
  const texts: string[] = [];
  const reasoning: string[] = [];
  const thinkingBlocks: ThinkingBlock[] = [];
  const toolCalls: ToolCall[] = [];
  for (const block of response.content) {
    if ('text' in block && block.type === 'text') texts.push(block.text);
    else if ('thinking' in block && block.type === 'thinking') {
      reasoning.push(block.thinking);
      thinkingBlocks.push({
        type: 'thinking',
        thinking: block.thinking,
        signature: block.signature,
      });
    } else if ('data' in block && block.type === 'redacted_thinking') {
      thinkingBlocks.push({ type: 'redacted_thinking', data: block.data });
    } else if ('id' in block && block.type === 'tool_use') {
      toolCalls.push({ id: block.id, name: block.name, input: block.input ?? {} });
    }
  }
  const first = toolCalls[0];
  if (first !== undefined) thinking.remember(first.id, thinkingBlocks);
  const warnings = [...requestWarnings];
  const finishReason = mapStopReason(response.stop_reason);
  if (response.stop_reason === 'refusal')
    warnings.push({ type: 'other', message: 'the model refused' });
  return {
    text: texts.join(''),
    ...(reasoning.length > 0 ? { reasoning: reasoning.join('\n') } : {}),
    toolCalls,
    finishReason,
    usage: mapUsage(response.usage),
    ...(warnings.length > 0 ? { warnings } : {}),
    response: {
      ...(response.id ? { id: response.id } : {}),
      ...(response.model ? { modelId: response.model } : {}),
    },
  };
}

function mapStopReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop';
    case 'tool_use':
      return 'tool-calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}

function mapUsage(usage: z.infer<typeof responseSchema>['usage']): Usage {
  const cacheRead = usage.cache_read_input_tokens ?? undefined;
  const cacheWrite = usage.cache_creation_input_tokens ?? undefined;
  const reasoning = usage.output_tokens_details?.thinking_tokens ?? undefined;
  return {
    // `input_tokens` excludes the cached parts; Forge's input count includes them.
    inputTokens: usage.input_tokens + (cacheRead ?? 0) + (cacheWrite ?? 0),
    outputTokens: usage.output_tokens,
    ...(cacheRead === undefined ? {} : { cachedInputTokens: cacheRead }),
    ...(cacheWrite === undefined ? {} : { cacheWriteTokens: cacheWrite }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}
