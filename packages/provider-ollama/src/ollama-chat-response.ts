import type { FinishReason, GenerateResult, ToolCall, Warning } from '@forge/provider';
import { z } from 'zod';

const responseSchema = z.object({
  model: z.string().nullish(),
  message: z.object({
    content: z.string().nullish(),
    thinking: z.string().nullish(),
    tool_calls: z
      .array(
        z.object({
          id: z.string().nullish(),
          function: z.object({ name: z.string(), arguments: z.unknown() }),
        }),
      )
      .nullish(),
  }),
  done: z.boolean().nullish(),
  done_reason: z.string().nullish(),
  // Both counts are omitted by the server when zero (e.g. a fully cached prompt).
  prompt_eval_count: z.number().nullish(),
  eval_count: z.number().nullish(),
});

/** Why a response body could not be used. */
export class MalformedResponse {
  constructor(readonly reason: string) {}
}

/** Maps an `/api/chat` response onto a `GenerateResult`. */
export function mapOllamaChatResponse(
  raw: unknown,
  requestWarnings: readonly Warning[],
  generateId: () => string,
): GenerateResult | MalformedResponse {
  const parsed = responseSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join('.') || 'body';
    return new MalformedResponse(`${where}: ${issue?.message ?? 'unexpected shape'}`);
  }
  const response = parsed.data;
  const toolCalls: ToolCall[] = (response.message.tool_calls ?? []).map((call) => ({
    id: call.id ?? generateId(),
    name: call.function.name,
    input: parseArguments(call.function.arguments),
  }));
  const warnings = [...requestWarnings];
  if (response.prompt_eval_count == null) {
    warnings.push({
      type: 'other',
      message: 'Ollama reported no prompt_eval_count; input tokens counted as 0',
    });
  }
  return {
    text: response.message.content ?? '',
    ...(response.message.thinking ? { reasoning: response.message.thinking } : {}),
    toolCalls,
    finishReason: mapDoneReason(response.done_reason, toolCalls.length > 0),
    usage: { inputTokens: response.prompt_eval_count ?? 0, outputTokens: response.eval_count ?? 0 },
    ...(warnings.length > 0 ? { warnings } : {}),
    response: response.model ? { modelId: response.model } : {},
  };
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function mapDoneReason(reason: string | null | undefined, hasToolCalls: boolean): FinishReason {
  if (reason === 'length') return 'length';
  if (hasToolCalls) return 'tool-calls';
  if (reason === 'stop' || reason == null) return 'stop';
  return 'other';
}
