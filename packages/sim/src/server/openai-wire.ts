import type { GenerateRequest, GenerateResult, Message, ToolChoice } from '@forge/provider';
import { z } from 'zod';

const textContent = z.union([
  z.string(),
  z.null(),
  z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()),
]);

const toolCallSchema = z
  .object({
    id: z.string(),
    type: z.literal('function').optional(),
    function: z.object({ name: z.string(), arguments: z.string() }).passthrough(),
  })
  .passthrough();

const messageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: textContent }).passthrough(),
  z.object({ role: z.literal('developer'), content: textContent }).passthrough(),
  z.object({ role: z.literal('user'), content: textContent }).passthrough(),
  z
    .object({
      role: z.literal('assistant'),
      content: textContent.optional(),
      tool_calls: z.array(toolCallSchema).optional(),
    })
    .passthrough(),
  z
    .object({ role: z.literal('tool'), tool_call_id: z.string(), content: textContent })
    .passthrough(),
]);

/** The part of a Chat Completions request body the simulated server reads. */
export const chatCompletionRequestSchema = z
  .object({
    model: z.string().min(1),
    messages: z.array(messageSchema).min(1),
    tools: z
      .array(
        z
          .object({
            type: z.literal('function'),
            function: z
              .object({
                name: z.string(),
                description: z.string().optional(),
                parameters: z.record(z.string(), z.unknown()).optional(),
              })
              .passthrough(),
          })
          .passthrough(),
      )
      .optional(),
    tool_choice: z
      .union([
        z.enum(['auto', 'none', 'required']),
        z
          .object({ type: z.literal('function'), function: z.object({ name: z.string() }) })
          .passthrough(),
      ])
      .optional(),
    max_completion_tokens: z.number().int().positive().nullable().optional(),
    max_tokens: z.number().int().positive().nullable().optional(),
    temperature: z.number().nullable().optional(),
    stream: z.boolean().nullable().optional(),
  })
  .passthrough();

/** A parsed Chat Completions request. */
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/** Maps a Chat Completions request onto the `LanguageModel` contract. */
export function toGenerateRequest(
  body: ChatCompletionRequest,
  abortSignal?: AbortSignal,
): GenerateRequest {
  const system: string[] = [];
  const messages: Message[] = [];
  const toolNames = new Map<string, string>();
  for (const message of body.messages) {
    switch (message.role) {
      case 'system':
      case 'developer':
        system.push(flatten(message.content));
        break;
      case 'user':
        messages.push({ role: 'user', content: flatten(message.content) });
        break;
      case 'assistant': {
        const toolCalls = (message.tool_calls ?? []).map((call) => {
          toolNames.set(call.id, call.function.name);
          return {
            id: call.id,
            name: call.function.name,
            input: parseArguments(call.function.arguments),
          };
        });
        messages.push({
          role: 'assistant',
          content: flatten(message.content ?? null),
          ...(toolCalls.length > 0 ? { toolCalls } : {}),
        });
        break;
      }
      case 'tool':
        messages.push({
          role: 'tool',
          toolCallId: message.tool_call_id,
          toolName: toolNames.get(message.tool_call_id) ?? '',
          content: flatten(message.content),
        });
        break;
    }
  }
  const limit = body.max_completion_tokens ?? body.max_tokens ?? undefined;
  return {
    ...(system.length > 0 ? { system: system.join('\n\n') } : {}),
    messages,
    ...(body.tools === undefined
      ? {}
      : {
          tools: body.tools.map((tool) => ({
            name: tool.function.name,
            description: tool.function.description ?? '',
            inputSchema: tool.function.parameters ?? { type: 'object' },
          })),
        }),
    ...(body.tool_choice === undefined ? {} : { toolChoice: toToolChoice(body.tool_choice) }),
    ...(limit === undefined ? {} : { maxOutputTokens: limit }),
    ...(typeof body.temperature === 'number' ? { temperature: body.temperature } : {}),
    ...(abortSignal === undefined ? {} : { abortSignal }),
  };
}

/** Maps a result onto a Chat Completions response body with a full usage block. */
export function toChatCompletion(
  result: GenerateResult,
  model: string,
  created: number,
): Record<string, unknown> {
  const toolCalls = result.toolCalls.map((call) => ({
    id: call.id,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.input === 'string' ? call.input : JSON.stringify(call.input),
    },
  }));
  const finishReason =
    result.finishReason === 'tool-calls'
      ? 'tool_calls'
      : result.finishReason === 'length'
        ? 'length'
        : result.finishReason === 'content-filter'
          ? 'content_filter'
          : 'stop';
  const usage = result.usage;
  return {
    id: `chatcmpl-${result.response?.id ?? 'sim'}`,
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: result.text === '' && toolCalls.length > 0 ? null : result.text,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: {
      prompt_tokens: usage.inputTokens,
      completion_tokens: usage.outputTokens,
      total_tokens: usage.inputTokens + usage.outputTokens,
      prompt_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
      completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    },
    system_fingerprint: 'forge-sim-simulated',
  };
}

/** An error body in the OpenAI shape. */
export function openAIError(
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
) {
  return { error: { message, type, param, code } };
}

function flatten(content: z.infer<typeof textContent>): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toToolChoice(choice: NonNullable<ChatCompletionRequest['tool_choice']>): ToolChoice {
  return typeof choice === 'string' ? choice : { type: 'tool', name: choice.function.name };
}
