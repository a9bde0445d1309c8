import type { FinishReason, GenerateResult, ToolCall, Usage, Warning } from '@forge/provider';
import { z } from 'zod';

const toolCallSchema = z.object({
  id: z.string(),
  type: z.string().optional(),
  function: z.object({ name: z.string(), arguments: z.string().nullish() }),
});

const responseSchema = z.object({
  id: z.string().nullish(),
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
          // vLLM and SGLang put reasoning in `reasoning_content`; OpenRouter in `reasoning`.
          reasoning_content: z.string().nullish(),
          reasoning: z.string().nullish(),
          tool_calls: z.array(toolCallSchema).nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number(),
      completion_tokens: z.number(),
      prompt_tokens_details: z
        .object({ cached_tokens: z.number().nullish(), cache_write_tokens: z.number().nullish() })
        .nullish(),
      completion_tokens_details: z.object({ reasoning_tokens: z.number().nullish() }).nullish(),
    })
    .nullish(),
});

/** Why a response body could not be used. */
export class MalformedResponse {
  constructor(readonly reason: string) {}
}

/**
 * Maps a Chat Completions response onto a `GenerateResult`. Returns `MalformedResponse` when the
 * body does not have the fields Forge relies on.
 */
export function mapOpenAIChatResponse(
  raw: unknown,
  requestWarnings: readonly Warning[],
): GenerateResult | MalformedResponse {
  const parsed = responseSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join('.') || 'body';
    return new MalformedResponse(`${where}: ${issue?.message ?? 'unexpected shape'}`);
  }
  const response = parsed.data;
  const choice = response.choices[0] as (typeof response.choices)[number];
  const warnings: Warning[] = [...requestWarnings];
  const toolCalls: ToolCall[] = (choice.message.tool_calls ?? []).map((call) => ({
    id: call.id,
    name: call.function.name,
    input: parseArguments(call.function.arguments ?? ''),
  }));
  let finishReason = mapFinishReason(choice.finish_reason);
  if (choice.message.refusal) {
    warnings.push({ type: 'other', message: `the model refused: ${choice.message.refusal}` });
    finishReason = 'content-filter';
  }
  const reasoning = choice.message.reasoning_content ?? choice.message.reasoning ?? undefined;
  const usage = mapUsage(response.usage);
  if (response.usage == null) {
    warnings.push({ type: 'other', message: 'the server reported no token usage; counted as 0' });
  }
  return {
    text: choice.message.content ?? '',
    ...(reasoning ? { reasoning } : {}),
    toolCalls,
    finishReason,
    usage,
    ...(warnings.length > 0 ? { warnings } : {}),
    response: {
      ...(response.id ? { id: response.id } : {}),
      ...(response.model ? { modelId: response.model } : {}),
    },
  };
}

function parseArguments(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function mapFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
}

function mapUsage(usage: z.infer<typeof responseSchema>['usage']): Usage {
  if (usage == null) return { inputTokens: 0, outputTokens: 0 };
  const cached = usage.prompt_tokens_details?.cached_tokens;
  const cacheWrite = usage.prompt_tokens_details?.cache_write_tokens;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: usage.prompt_tokens,
    outputTokens: usage.completion_tokens,
    ...(cached == null ? {} : { cachedInputTokens: cached }),
    ...(cacheWrite == null ? {} : { cacheWriteTokens: cacheWrite }),
    ...(reasoning == null ? {} : { reasoningTokens: reasoning }),
  };
}
