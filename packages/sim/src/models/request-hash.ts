import { createHash } from 'node:crypto';
import type { GenerateRequest, Message } from '@forge/provider';

/**
 * A hex digest of everything in a request that reaches a model (system prompt, messages, tools,
 * limits), plus the world's seed and the model id. Metadata and the abort signal are left out:
 * they are never sent to a model. Every simulated decision is drawn from this digest, so the
 * same request always gets the same response, whatever the call order.
 */
export function hashRequest(
  seed: number | string,
  modelId: string,
  request: GenerateRequest,
): string {
  const canonical = JSON.stringify([
    String(seed),
    modelId,
    request.system ?? null,
    request.messages.map(canonicalMessage),
    (request.tools ?? []).map((tool) => [tool.name, tool.description, tool.inputSchema]),
    request.toolChoice ?? null,
    request.maxOutputTokens ?? null,
    request.responseFormat ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** A digest of one text, for decisions that must not change as a conversation grows. */
export function hashText(seed: number | string, label: string, text: string): string {
  return createHash('sha256').update(`${seed}\u0000${label}\u0000${text}`).digest('hex');
}

function canonicalMessage(message: Message): unknown {
  switch (message.role) {
    case 'user':
      return ['user', message.content];
    case 'assistant':
      return [
        'assistant',
        message.content,
        (message.toolCalls ?? []).map((call) => [call.id, call.name, call.input]),
      ];
    case 'tool':
      return [
        'tool',
        message.toolCallId,
        message.toolName,
        message.content,
        message.isError ?? false,
      ];
  }
}
