import type { GenerateRequest, Message, Warning } from '@forge/provider';
import { parseOpenAIProviderOptions } from './openai-provider-options.js';

/** A Chat Completions request body, as sent on the wire. */
export type OpenAIChatBody = { [key: string]: unknown };

/**
 * Builds the `/chat/completions` body for a request: the system prompt as a `system` message
 * (accepted by OpenAI and by every compatible server, unlike `developer`), tool calls with JSON
 * string arguments, tool results, tools, tool choice, JSON output, limits and provider options.
 * `metadata` is never sent.
 */
export function buildOpenAIChatBody(
  modelId: string,
  providerName: string,
  request: GenerateRequest,
): { body: OpenAIChatBody; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const options = {
    ...parseOpenAIProviderOptions(request.providerOptions?.['openai'], 'openai'),
    ...(providerName === 'openai'
      ? {}
      : parseOpenAIProviderOptions(request.providerOptions?.[providerName], providerName)),
  };
  const messages: unknown[] = [];
  if (request.system !== undefined && request.system !== '') {
    messages.push({ role: 'system', content: request.system });
  }
  for (const message of request.messages) messages.push(toWireMessage(message));

  const body: OpenAIChatBody = { model: modelId, messages };
  if (request.tools !== undefined && request.tools.length > 0) {
    body['tools'] = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
    if (request.toolChoice !== undefined) {
      body['tool_choice'] =
        typeof request.toolChoice === 'string'
          ? request.toolChoice
          : { type: 'function', function: { name: request.toolChoice.name } };
    }
    if (options.parallelToolCalls !== undefined)
      body['parallel_tool_calls'] = options.parallelToolCalls;
  } else if (request.toolChoice !== undefined && request.toolChoice !== 'none') {
    warnings.push({
      type: 'unsupported-setting',
      setting: 'toolChoice',
      message: 'toolChoice was given without tools and is ignored',
    });
  }
  if (request.responseFormat !== undefined) {
    body['response_format'] =
      request.responseFormat.schema === undefined
        ? { type: 'json_object' }
        : {
            type: 'json_schema',
            json_schema: {
              name: request.responseFormat.name ?? 'response',
              schema: request.responseFormat.schema,
              strict: options.strictJsonSchema ?? false,
            },
          };
  }
  if (request.maxOutputTokens !== undefined) {
    body[options.maxTokensParameter ?? 'max_completion_tokens'] = request.maxOutputTokens;
  }
  if (request.temperature !== undefined) body['temperature'] = request.temperature;
  if (options.reasoningEffort !== undefined) body['reasoning_effort'] = options.reasoningEffort;
  if (options.seed !== undefined) body['seed'] = options.seed;
  if (options.topP !== undefined) body['top_p'] = options.topP;
  if (options.stop !== undefined) body['stop'] = options.stop;
  if (options.promptCacheKey !== undefined) body['prompt_cache_key'] = options.promptCacheKey;
  if (options.serviceTier !== undefined) body['service_tier'] = options.serviceTier;
  if (options.extraBody !== undefined) Object.assign(body, options.extraBody);
  return { body, warnings };
}

function toWireMessage(message: Message): unknown {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.content };
    case 'assistant': {
      const toolCalls = message.toolCalls ?? [];
      if (toolCalls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: {
            name: call.name,
            // Unparseable arguments were kept as the raw string; send them back as they came.
            arguments:
              typeof call.input === 'string' ? call.input : JSON.stringify(call.input ?? {}),
          },
        })),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}
