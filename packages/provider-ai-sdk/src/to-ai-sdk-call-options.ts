import type {
  JSONSchema7,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3ToolChoice,
  LanguageModelV3ToolResultPart,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import type {
  AssistantMessage,
  GenerateRequest,
  Message,
  ToolChoice,
  ToolMessage,
} from '@forge/provider';

/**
 * Maps a Forge request onto the AI SDK's call options (`LanguageModelV3CallOptions`): the system
 * prompt becomes the leading system message, each turn its message with typed parts, tools
 * function tools, the JSON request a `json` response format with its schema, and the output
 * limit, temperature, provider options and abort signal are passed as they are. Fields the
 * request leaves unset stay unset, so the provider's defaults apply.
 */
export function toAISDKCallOptions(request: GenerateRequest): LanguageModelV3CallOptions {
  const prompt: LanguageModelV3Message[] = [];
  if (request.system !== undefined && request.system !== '') {
    prompt.push({ role: 'system', content: request.system });
  }
  for (const message of request.messages) appendMessage(prompt, message);
  return {
    prompt,
    ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.tools === undefined || request.tools.length === 0
      ? {}
      : { tools: request.tools.map(toFunctionTool) }),
    ...(request.toolChoice === undefined ? {} : { toolChoice: toToolChoice(request.toolChoice) }),
    ...(request.responseFormat === undefined
      ? {}
      : {
          responseFormat: {
            type: 'json' as const,
            ...(request.responseFormat.schema === undefined
              ? {}
              : { schema: request.responseFormat.schema as JSONSchema7 }),
            ...(request.responseFormat.name === undefined
              ? {}
              : { name: request.responseFormat.name }),
          },
        }),
    ...(request.providerOptions === undefined
      ? {}
      : { providerOptions: request.providerOptions as SharedV3ProviderOptions }),
    ...(request.abortSignal === undefined ? {} : { abortSignal: request.abortSignal }),
  };
}

function appendMessage(prompt: LanguageModelV3Message[], message: Message): void {
  switch (message.role) {
    case 'user':
      prompt.push({ role: 'user', content: [{ type: 'text', text: message.content }] });
      return;
    case 'assistant':
      prompt.push(toAssistantMessage(message));
      return;
    case 'tool': {
      // One tool message per turn, as the AI SDK itself builds them: every result of a step.
      const part = toToolResultPart(message);
      const last = prompt.at(-1);
      if (last?.role === 'tool') last.content.push(part);
      else prompt.push({ role: 'tool', content: [part] });
      return;
    }
  }
}

function toAssistantMessage(message: AssistantMessage): LanguageModelV3Message {
  const content: Extract<LanguageModelV3Message, { role: 'assistant' }>['content'] = [];
  if (message.reasoning !== undefined && message.reasoning !== '') {
    content.push({ type: 'reasoning', text: message.reasoning });
  }
  const toolCalls = message.toolCalls ?? [];
  if (message.content !== '' || toolCalls.length === 0) {
    content.push({ type: 'text', text: message.content });
  }
  for (const call of toolCalls) {
    content.push({
      type: 'tool-call',
      toolCallId: call.id,
      toolName: call.name,
      input: call.input,
    });
  }
  return { role: 'assistant', content };
}

function toToolResultPart(message: ToolMessage): LanguageModelV3ToolResultPart {
  return {
    type: 'tool-result',
    toolCallId: message.toolCallId,
    toolName: message.toolName,
    output: message.isError
      ? { type: 'error-text', value: message.content }
      : { type: 'text', value: message.content },
  };
}

function toFunctionTool(
  tool: NonNullable<GenerateRequest['tools']>[number],
): LanguageModelV3FunctionTool {
  return {
    type: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as JSONSchema7,
  };
}

function toToolChoice(choice: ToolChoice): LanguageModelV3ToolChoice {
  return typeof choice === 'string' ? { type: choice } : { type: 'tool', toolName: choice.name };
}
