import type {
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Usage,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { FinishReason, GenerateResult, ToolCall, Usage, Warning } from '@forge/provider';

const finishReasons = new Set<FinishReason>([
  'stop',
  'length',
  'tool-calls',
  'content-filter',
  'error',
  'other',
]);

// What Forge has no place for; each kind dropped is named once in a warning.
const ignoredContent: Partial<Record<LanguageModelV3Content['type'], string>> = {
  file: 'generated files',
  source: 'sources',
  'tool-result': 'provider-executed tool results',
  'tool-approval-request': 'tool approval requests',
};

/**
 * Maps an AI SDK generate result onto Forge's: text and reasoning parts joined in order, the tool
 * calls the client is to run (inputs parsed from JSON; an unparseable input stays the raw string),
 * the unified finish reason, usage with cached, cache-write and reasoning tokens, warnings, and
 * the response id and model. Content Forge has no field for (files, sources, provider-executed
 * tools) is dropped with a warning saying so.
 */
export function fromAISDKResult(result: LanguageModelV3GenerateResult): GenerateResult {
  let text = '';
  let reasoning: string | undefined;
  const toolCalls: ToolCall[] = [];
  const dropped = new Set<string>();
  for (const part of result.content) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'reasoning') reasoning = (reasoning ?? '') + part.text;
    else if (part.type === 'tool-call' && part.providerExecuted !== true) {
      toolCalls.push({ id: part.toolCallId, name: part.toolName, input: parseInput(part.input) });
    } else if (part.type === 'tool-call') dropped.add('provider-executed tool calls');
    else dropped.add(ignoredContent[part.type] ?? part.type);
  }
  const warnings: Warning[] = [
    ...(result.warnings ?? []).map(toWarning),
    ...[...dropped].map(
      (what): Warning => ({
        type: 'other',
        message: `the AI SDK model returned ${what}; Forge ignores them`,
      }),
    ),
  ];
  const response = result.response;
  return {
    text,
    ...(reasoning === undefined ? {} : { reasoning }),
    toolCalls,
    finishReason: toFinishReason(result.finishReason),
    usage: fromAISDKUsage(result.usage),
    ...(warnings.length === 0 ? {} : { warnings }),
    ...(response?.id === undefined && response?.modelId === undefined
      ? {}
      : {
          response: {
            ...(response.id === undefined ? {} : { id: response.id }),
            ...(response.modelId === undefined ? {} : { modelId: response.modelId }),
          },
        }),
  };
}

/** Forge's usage from the AI SDK's; a count the provider did not report stays absent. */
export function fromAISDKUsage(usage: LanguageModelV3Usage | undefined): Usage {
  const input = usage?.inputTokens;
  const output = usage?.outputTokens;
  const inputTokens = input?.total ?? sum(input?.noCache, input?.cacheRead) ?? 0;
  const outputTokens = output?.total ?? sum(output?.text, output?.reasoning) ?? 0;
  return {
    inputTokens,
    outputTokens,
    ...(input?.cacheRead === undefined ? {} : { cachedInputTokens: input.cacheRead }),
    ...(input?.cacheWrite === undefined ? {} : { cacheWriteTokens: input.cacheWrite }),
    ...(output?.reasoning === undefined ? {} : { reasoningTokens: output.reasoning }),
  };
}

function toFinishReason(
  reason: LanguageModelV3GenerateResult['finishReason'] | string,
): FinishReason {
  // Spec v3 gives `{ unified, raw }`; older models gave the unified string itself.
  const unified = typeof reason === 'string' ? reason : reason?.unified;
  return finishReasons.has(unified as FinishReason) ? (unified as FinishReason) : 'other';
}

function toWarning(warning: SharedV3Warning): Warning {
  switch (warning.type) {
    case 'unsupported':
      return {
        type: 'unsupported-setting',
        setting: warning.feature,
        message: warning.details ?? `${warning.feature} is not supported by this model`,
      };
    case 'compatibility':
      return {
        type: 'other',
        setting: warning.feature,
        message: warning.details ?? `${warning.feature} runs in compatibility mode`,
      };
    default:
      return { type: 'other', message: warning.message };
  }
}

function parseInput(input: string): unknown {
  if (input.trim() === '') return {};
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

function sum(left: number | undefined, right: number | undefined): number | undefined {
  return left === undefined && right === undefined ? undefined : (left ?? 0) + (right ?? 0);
}
