import type { GenerateRequest } from '../language-model/generate-request.js';

/**
 * A rough token count of a request before it is sent: about four characters per token over the
 * system prompt, the messages, tool calls and tool definitions, plus the output limit (providers
 * count the requested completion tokens against tokens-per-minute limits). The rate limiter
 * corrects its books with the real usage afterwards, so rough is enough.
 */
export function estimateRequestTokens(request: GenerateRequest): number {
  let characters = request.system?.length ?? 0;
  for (const message of request.messages) {
    characters += message.content.length + 8;
    if (message.role === 'assistant' && message.toolCalls) {
      for (const call of message.toolCalls) {
        characters += call.name.length + JSON.stringify(call.input ?? null).length;
      }
    }
  }
  for (const tool of request.tools ?? []) {
    characters +=
      tool.name.length + tool.description.length + JSON.stringify(tool.inputSchema).length;
  }
  return Math.ceil(characters / 4) + (request.maxOutputTokens ?? 0);
}
