import {
  type EvaluatedExecution,
  extractXmlBlock,
  readModelAnswer,
  renderReflectionBatch,
} from '@forge/program';
import type { LanguageModel, Usage } from '@forge/provider';
import { buildReflectionUserMessage, reflectionSystemPrompt } from './reflection-prompt.js';

/** Why a reflection produced no new prompt. */
export type ReflectionNoOpReason =
  | 'missing-block'
  | 'unclosed-block'
  | 'multiple-blocks'
  | 'empty-block'
  | 'empty'
  | 'truncated'
  | 'unchanged';

/** The outcome of parsing a reflector response. */
export type ReflectionOutcome =
  | { readonly kind: 'proposal'; readonly prompt: string }
  | { readonly kind: 'no-op'; readonly reason: ReflectionNoOpReason };

/**
 * Parses a reflector response (Figure 6 contract): exactly one non-empty `<system_prompt>`
 * block that differs from the current prompt; anything else is a no-op proposal (A.5: the
 * module keeps its prompt). A leading reasoning block, chatter around the block and a fence
 * around everything are tolerated; an answer whose finish reason is `length` is `truncated`.
 */
export function parseReflection(
  responseText: string,
  currentPrompt: string,
  finishReason?: string,
): ReflectionOutcome {
  // An answer cut off at the token limit is never used half; an empty one holds nothing.
  const answer = readModelAnswer(responseText, finishReason);
  if (!answer.ok) return { kind: 'no-op', reason: answer.reason };
  const block = extractXmlBlock(answer.text, 'system_prompt');
  if (!block.ok) {
    const reason = (
      {
        missing: 'missing-block',
        unclosed: 'unclosed-block',
        multiple: 'multiple-blocks',
        empty: 'empty-block',
      } as const
    )[block.reason];
    return { kind: 'no-op', reason };
  }
  if (block.content === currentPrompt.trim()) return { kind: 'no-op', reason: 'unchanged' };
  return { kind: 'proposal', prompt: block.content };
}

/** What one reflection call returned. */
export interface ReflectionCall {
  /** The raw response text (saved so the decision can be replayed). */
  readonly responseText: string;
  /** Token counts. */
  readonly usage: Usage;
  /** Cost in USD when the model reports it. */
  readonly costUsd?: number;
  /** Why the answer ended (`length`: cut off at the token limit). */
  readonly finishReason?: string;
}

/** Calls the reflector for one module on the imperfect evaluations of a minibatch. */
export async function callReflector(options: {
  model: LanguageModel;
  module: string;
  currentPrompt: string;
  imperfect: readonly EvaluatedExecution[];
  maxOutputTokens?: number;
  abortSignal?: AbortSignal;
}): Promise<ReflectionCall> {
  const user = buildReflectionUserMessage(
    options.currentPrompt,
    renderReflectionBatch(options.imperfect, options.module),
  );
  const result = await options.model.generate({
    system: reflectionSystemPrompt,
    messages: [{ role: 'user', content: user }],
    maxOutputTokens: options.maxOutputTokens,
    abortSignal: options.abortSignal,
    metadata: { role: 'reflect' },
  });
  return {
    responseText: result.text,
    usage: result.usage,
    ...(result.costUsd === undefined ? {} : { costUsd: result.costUsd }),
    finishReason: result.finishReason,
  };
}
