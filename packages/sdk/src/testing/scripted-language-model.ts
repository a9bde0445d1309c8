import type { GenerateRequest, GenerateResult, LanguageModel } from '@forge/provider';
import { promptTokens } from '../estimate/prompt-tokens.js';

/** A scripted stand-in's answer to one request. */
export interface ScriptedAnswer {
  /** The user turn answered. */
  readonly user: string;
  /** The text to answer with. */
  readonly text: string;
}

/**
 * The `LanguageModel` both scripted stand-ins are: provider `scripted` and `defaultModelId`
 * unless named, the `calls` the stand-in records, and a `generate` that answers with
 * `answer(request)`'s text — no tool calls, a `stop` finish, and tokens estimated at four
 * characters each (the whole prompt in, as a provider bills it: system prompt and every turn;
 * the text out), so budgets and usage tables see plausible counts without a tokenizer.
 */
export function scriptedLanguageModel<Call>(
  names: { readonly provider?: string; readonly modelId?: string },
  defaultModelId: string,
  calls: readonly Call[],
  answer: (request: GenerateRequest) => Promise<ScriptedAnswer> | ScriptedAnswer,
): LanguageModel & { readonly calls: readonly Call[] } {
  return {
    specificationVersion: 'v1',
    provider: names.provider ?? 'scripted',
    modelId: names.modelId ?? defaultModelId,
    calls,
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const { text } = await answer(request);
      return {
        text,
        toolCalls: [],
        finishReason: 'stop',
        usage: {
          inputTokens: promptTokens(request),
          outputTokens: Math.ceil(text.length / 4),
        },
      };
    },
  };
}
