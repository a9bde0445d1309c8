import type { GenerateRequest, GenerateResult, Message } from '@forge/provider';
import type { LoopbackHandler } from '@forge/provider/testing';
import { ollamaChatResponse, ollamaError } from '@forge/provider-ollama/testing';
import { z } from 'zod';
import type { SimModelLookup } from './sim-models.js';

const chatRequest = z
  .object({
    model: z.string(),
    messages: z.array(
      z
        .object({
          role: z.enum(['system', 'user', 'assistant', 'tool']),
          content: z.string(),
          tool_calls: z
            .array(
              z.object({
                id: z.string().optional(),
                function: z.object({ name: z.string(), arguments: z.unknown() }),
              }),
            )
            .optional(),
          tool_name: z.string().optional(),
          tool_call_id: z.string().optional(),
        })
        .passthrough(),
    ),
    tools: z
      .array(
        z.object({
          type: z.literal('function'),
          function: z.object({
            name: z.string(),
            description: z.string().optional(),
            parameters: z.record(z.string(), z.unknown()).optional(),
          }),
        }),
      )
      .optional(),
    options: z.object({ num_predict: z.number().optional() }).passthrough().optional(),
  })
  .passthrough();

/**
 * Answers `POST /api/chat` from the simulated models, in Ollama's shape (through
 * `@forge/provider-ollama/testing`'s builders), so a Forge run can use `ollama:task` and
 * `ollama:optimizer` offline. A malformed request gets Ollama's 400.
 */
export function ollamaSimHandler(lookup: SimModelLookup): LoopbackHandler {
  return async (request) => {
    const parsed = chatRequest.safeParse(request.body);
    if (request.method !== 'POST' || request.path !== '/api/chat' || !parsed.success) {
      return ollamaError(400, 'not an /api/chat request (simulated server)');
    }
    const model = lookup(parsed.data.model);
    if (model === undefined) return ollamaError(404, `model '${parsed.data.model}' not found`);
    const result = await model.generate(toGenerateRequest(parsed.data));
    return toChatResponse(result, parsed.data.model);
  };
}

function toGenerateRequest(body: z.infer<typeof chatRequest>): GenerateRequest {
  const system: string[] = [];
  const messages: Message[] = [];
  for (const message of body.messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        messages.push({ role: 'user', content: message.content });
        break;
      case 'assistant': {
        const toolCalls = (message.tool_calls ?? []).map((call, index) => ({
          id: call.id ?? `call_${index}`,
          name: call.function.name,
          input: call.function.arguments,
        }));
        messages.push({
          role: 'assistant',
          content: message.content,
          ...(toolCalls.length > 0 ? { toolCalls } : {}),
        });
        break;
      }
      case 'tool':
        messages.push({
          role: 'tool',
          toolCallId: message.tool_call_id ?? '',
          toolName: message.tool_name ?? '',
          content: message.content,
        });
        break;
    }
  }
  return {
    ...(system.length === 0 ? {} : { system: system.join('\n\n') }),
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
    ...(body.options?.num_predict === undefined
      ? {}
      : { maxOutputTokens: body.options.num_predict }),
  };
}

function toChatResponse(result: GenerateResult, model: string) {
  return ollamaChatResponse({
    text: result.text,
    toolCalls: result.toolCalls.map((call) => ({
      id: call.id,
      name: call.name,
      arguments: call.input,
    })),
    doneReason: result.finishReason === 'length' ? 'length' : 'stop',
    promptEvalCount: result.usage.inputTokens,
    evalCount: result.usage.outputTokens,
    model,
  });
}
