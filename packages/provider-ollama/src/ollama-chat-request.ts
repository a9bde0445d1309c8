import type { GenerateRequest, Message, Warning } from '@forge/provider';
import { parseOllamaProviderOptions } from './ollama-provider-options.js';

/** An `/api/chat` request body, as sent on the wire. */
export type OllamaChatBody = { [key: string]: unknown };

/**
 * Builds the `/api/chat` body: the system prompt as a `system` message, tool calls with object
 * arguments, tool results with `tool_name`, tools, `format` (a JSON schema, or `"json"`),
 * `think`, and `options` with `temperature` and `num_predict` from the request. Ollama has no
 * tool choice: `required` or a named tool is sent as `auto` with a warning, `none` drops tools.
 */
export function buildOllamaChatBody(
  modelId: string,
  request: GenerateRequest,
): { body: OllamaChatBody; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const providerOptions = parseOllamaProviderOptions(request.providerOptions?.['ollama']);
  const messages: unknown[] = [];
  if (request.system !== undefined && request.system !== '') {
    messages.push({ role: 'system', content: request.system });
  }
  for (const message of request.messages) messages.push(toWireMessage(message));
  const body: OllamaChatBody = { model: modelId, messages, stream: false };

  const tools = request.toolChoice === 'none' ? [] : (request.tools ?? []);
  if (tools.length > 0) {
    body['tools'] = tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
    if (request.toolChoice !== undefined && request.toolChoice !== 'auto') {
      warnings.push({
        type: 'unsupported-setting',
        setting: 'toolChoice',
        message: 'Ollama cannot force a tool call; the model may answer without one',
      });
    }
  }
  if (request.responseFormat !== undefined) {
    body['format'] = request.responseFormat.schema ?? 'json';
  }
  if (providerOptions.think !== undefined) body['think'] = providerOptions.think;
  if (providerOptions.keepAlive !== undefined) body['keep_alive'] = providerOptions.keepAlive;
  const options: Record<string, unknown> = { ...providerOptions.options };
  if (request.temperature !== undefined) options['temperature'] = request.temperature;
  if (request.maxOutputTokens !== undefined) options['num_predict'] = request.maxOutputTokens;
  if (Object.keys(options).length > 0) body['options'] = options;
  return { body, warnings };
}

function toWireMessage(message: Message): unknown {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.toolCalls && message.toolCalls.length > 0
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                function: {
                  name: call.name,
                  arguments:
                    typeof call.input === 'object' && call.input !== null ? call.input : {},
                },
              })),
            }
          : {}),
      };
    case 'tool':
      return {
        role: 'tool',
        content: message.content,
        tool_name: message.toolName,
        tool_call_id: message.toolCallId,
      };
  }
}
