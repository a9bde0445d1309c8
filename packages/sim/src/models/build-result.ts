import type { GenerateRequest, GenerateResult, ToolCall } from '@forge/provider';

/** Rough token count: about four characters per token, as for English text. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Wraps a simulated answer into a result with an estimated usage block. An answer longer than
 * `maxOutputTokens` is cut there and finishes with `length`, as a real model's would.
 */
export function buildResult(options: {
  readonly request: GenerateRequest;
  readonly text: string;
  readonly toolCalls?: readonly ToolCall[];
  readonly modelId: string;
  readonly responseId: string;
}): GenerateResult {
  const { request } = options;
  const promptText = [
    request.system ?? '',
    ...request.messages.map((message) =>
      message.role === 'assistant'
        ? `${message.content}${JSON.stringify(message.toolCalls ?? [])}`
        : message.content,
    ),
    JSON.stringify(request.tools ?? []),
  ].join('\n');
  const inputTokens = estimateTokens(promptText) + 4 * (request.messages.length + 1);
  let text = options.text;
  let toolCalls = options.toolCalls ?? [];
  let outputTokens = estimateTokens(text + (toolCalls.length > 0 ? JSON.stringify(toolCalls) : ''));
  let finishReason: GenerateResult['finishReason'] = toolCalls.length > 0 ? 'tool-calls' : 'stop';
  const limit = request.maxOutputTokens;
  if (limit !== undefined && outputTokens > limit) {
    text = text.slice(0, Math.max(0, limit * 4));
    toolCalls = [];
    outputTokens = limit;
    finishReason = 'length';
  }
  return {
    text,
    toolCalls,
    finishReason,
    usage: { inputTokens, outputTokens, cachedInputTokens: 0, reasoningTokens: 0 },
    response: { id: options.responseId, modelId: options.modelId },
  };
}
