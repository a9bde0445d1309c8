import type { GenerateRequest, GenerateResult, Message, ToolChoice } from '@forge/provider';
import type { LoopbackHandler } from '@forge/provider/testing';
import { anthropicError, anthropicMessage } from '@forge/provider-anthropic/testing';
import { z } from 'zod';
import type { SimModelLookup } from './sim-models.js';

const textBlock = z.object({ type: z.literal('text'), text: z.string() }).passthrough();
const toolUseBlock = z
  .object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() })
  .passthrough();
const toolResultBlock = z
  .object({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    content: z.union([z.string(), z.array(textBlock)]).optional(),
  })
  .passthrough();
const block = z.union([textBlock, toolUseBlock, toolResultBlock]);

const messagesRequest = z
  .object({
    model: z.string(),
    max_tokens: z.number().int().positive(),
    system: z.union([z.string(), z.array(textBlock)]).optional(),
    messages: z.array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.union([z.string(), z.array(block)]),
      }),
    ),
    tools: z
      .array(
        z
          .object({
            name: z.string(),
            description: z.string().optional(),
            input_schema: z.record(z.string(), z.unknown()),
          })
          .passthrough(),
      )
      .optional(),
    tool_choice: z
      .object({ type: z.enum(['auto', 'any', 'tool', 'none']), name: z.string().optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

/**
 * Answers `POST /v1/messages` from the simulated models, in the Messages API's shape (through
 * `@forge/provider-anthropic/testing`'s builders), so a Forge run can use `anthropic:task` and
 * `anthropic:optimizer` offline. A malformed request gets Anthropic's 400.
 */
export function anthropicSimHandler(lookup: SimModelLookup): LoopbackHandler {
  return async (request) => {
    const parsed = messagesRequest.safeParse(request.body);
    if (request.method !== 'POST' || !request.path.startsWith('/v1/messages') || !parsed.success) {
      return anthropicError(
        400,
        'invalid_request_error',
        'not a Messages API request (simulated server)',
      );
    }
    const model = lookup(parsed.data.model);
    if (model === undefined) {
      return anthropicError(
        404,
        'not_found_error',
        `model: ${parsed.data.model} (simulated server)`,
      );
    }
    const result = await model.generate(toGenerateRequest(parsed.data));
    return toMessage(result, parsed.data.model);
  };
}

function toGenerateRequest(body: z.infer<typeof messagesRequest>): GenerateRequest {
  const toolNames = new Map<string, string>();
  const messages: Message[] = [];
  for (const message of body.messages) {
    const blocks =
      typeof message.content === 'string'
        ? [{ type: 'text' as const, text: message.content }]
        : message.content;
    if (message.role === 'assistant') {
      const text = blocks.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('');
      const toolCalls = blocks.flatMap((item) =>
        item.type === 'tool_use' ? [{ id: item.id, name: item.name, input: item.input }] : [],
      );
      for (const call of toolCalls) toolNames.set(call.id, call.name);
      messages.push({
        role: 'assistant',
        content: text,
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
      });
      continue;
    }
    for (const item of blocks) {
      if (item.type === 'text') messages.push({ role: 'user', content: item.text });
      else if (item.type === 'tool_result') {
        const content = item.content ?? '';
        messages.push({
          role: 'tool',
          toolCallId: item.tool_use_id,
          toolName: toolNames.get(item.tool_use_id) ?? '',
          content:
            typeof content === 'string' ? content : content.map((part) => part.text).join(''),
        });
      }
    }
  }
  const system =
    typeof body.system === 'string' ? body.system : body.system?.map((part) => part.text).join('');
  return {
    ...(system === undefined || system === '' ? {} : { system }),
    messages,
    ...(body.tools === undefined
      ? {}
      : {
          tools: body.tools.map((tool) => ({
            name: tool.name,
            description: tool.description ?? '',
            inputSchema: tool.input_schema,
          })),
        }),
    ...(body.tool_choice === undefined ? {} : { toolChoice: toToolChoice(body.tool_choice) }),
    maxOutputTokens: body.max_tokens,
  };
}

function toToolChoice(choice: {
  type: 'auto' | 'any' | 'tool' | 'none';
  name?: string | undefined;
}): ToolChoice {
  if (choice.type === 'any') return 'required';
  if (choice.type === 'tool') return { type: 'tool', name: choice.name ?? '' };
  return choice.type;
}

function toMessage(result: GenerateResult, model: string) {
  return anthropicMessage({
    ...(result.text === '' && result.toolCalls.length > 0 ? {} : { text: result.text }),
    toolUses: result.toolCalls.map((call) => ({ id: call.id, name: call.name, input: call.input })),
    stopReason:
      result.finishReason === 'tool-calls'
        ? 'tool_use'
        : result.finishReason === 'length'
          ? 'max_tokens'
          : 'end_turn',
    usage: { inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens },
    model,
  });
}
