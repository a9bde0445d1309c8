import type { CoercionMode, Signature } from '@forge/program';
import {
  type AgentFinishReason,
  type AgentTool,
  type LanguageModel,
  runAgent,
  type TranscriptEntry,
  type Usage,
} from '@forge/provider';
import type { SynthesisSlot } from '../plan/synthesis-slot.js';
import { buildGeneratorPrompt } from './generator-prompt.js';
import { type ParsedSyntheticExample, parseSyntheticExample } from './parse-synthetic-example.js';

/** What one generator run produced. */
export interface GeneratedCandidate {
  /** The example, or why there is none. */
  readonly parsed: ParsedSyntheticExample;
  /** Visible assistant text and tool activity (no hidden reasoning). */
  readonly transcript: readonly TranscriptEntry[];
  /** Text of the final step. */
  readonly responseText: string;
  /** Token counts over all steps. */
  readonly usage: Usage;
  /** Summed cost in USD, when the model reports it. */
  readonly costUsd?: number;
  /** Why the agent stopped. */
  readonly finishReason: AgentFinishReason;
}

/**
 * Runs the generator agent for one slot (A.6, Figure 7) with `metadata.role = 'generate'` and
 * parses its final answer. A model-call failure rejects; a malformed answer is a parsed failure.
 */
export async function generateCandidate(options: {
  readonly model: LanguageModel;
  readonly signature: Signature;
  readonly slot: SynthesisSlot;
  readonly tools?: readonly AgentTool[];
  readonly maxSteps?: number;
  readonly maxOutputTokens?: number;
  readonly coercion?: CoercionMode;
  readonly abortSignal?: AbortSignal;
}): Promise<GeneratedCandidate> {
  const prompt = buildGeneratorPrompt(options);
  const result = await runAgent({
    model: options.model,
    system: prompt.system,
    prompt: prompt.user,
    tools: options.tools,
    maxSteps: options.maxSteps,
    maxOutputTokens: options.maxOutputTokens,
    metadata: { role: 'generate' },
    abortSignal: options.abortSignal,
  });
  let parsed = parseSyntheticExample(result.text, options.signature, {
    ...(options.coercion === undefined ? {} : { coercion: options.coercion }),
    finishReason: result.finishReason,
  });
  if (!parsed.ok && result.finishReason === 'step-limit') {
    parsed = { ...parsed, reason: `step limit reached (${result.steps} steps); ${parsed.reason}` };
  }
  return {
    parsed,
    transcript: result.transcript,
    responseText: result.text,
    usage: result.usage,
    ...(result.costUsd === undefined ? {} : { costUsd: result.costUsd }),
    finishReason: result.finishReason,
  };
}
