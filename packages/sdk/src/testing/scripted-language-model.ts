import type { GenerateRequest, GenerateResult, LanguageModel } from '@forge/provider';

/** A scripted stand-in's answer to one request. */
export interface ScriptedAnswer {
  /** The user turn answered, for the input-token estimate. */
  readonly user: string;
  /** The text to answer with. */
  readonly text: string;
}

/**
 * The `LanguageModel` both scripted stand-ins are: provider `scripted` and `defaultModelId`
 * unless named, the `calls` the stand-in records, and a `generate` that answers with
 * `answer(request)`'s text — no tool calls, a `stop` finish, and tokens estimated at four
 * characters each (the user turn in, the text out), so budgets and usage tables see plausible
 * counts without a tokenizer.
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
      const { user, text } = await answer(request);
      return {
        text,
        toolCalls: [],
        finishReason: 'stop',
        usage: {
          inputTokens: Math.ceil(user.length / 4),
          outputTokens: Math.ceil(text.length / 4),
        },
      };
    },
  };
}
