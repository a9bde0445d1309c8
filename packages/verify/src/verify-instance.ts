import type { Instance, Signature } from '@forge/program';
import {
  type AgentFinishReason,
  type AgentTool,
  type LanguageModel,
  runAgent,
  type TranscriptEntry,
  type Usage,
} from '@forge/provider';
import type { GenerationContext } from './generation-context.js';
import { parseVerdict, type Verdict } from './parse-verdict.js';
import { buildVerifierPrompt } from './verifier-prompt.js';

/** Options of `verifyInstance`. */
export interface VerifyInstanceOptions {
  /** The verifier model (the optimizer model, or a different one to avoid self-preference). */
  readonly model: LanguageModel;
  /** The task signature. */
  readonly signature: Signature;
  /** The coerced synthetic example. */
  readonly instance: Pick<Instance, 'input' | 'gold'>;
  /** How it was made. */
  readonly context: GenerationContext;
  /** The benchmark's synthesis tools (the same the generator had). */
  readonly tools?: readonly AgentTool[];
  /** Maximum model calls of the agent. Default 8. */
  readonly maxSteps?: number;
  /** Output-token limit per call. */
  readonly maxOutputTokens?: number;
  /** Cancels the run. */
  readonly abortSignal?: AbortSignal;
}

/** What a verification produced. */
export interface VerifyInstanceResult {
  /** The parsed verdict, or why the answer broke the contract. */
  readonly verdict: Verdict;
  /** The verifier's visible activity. */
  readonly transcript: readonly TranscriptEntry[];
  /** Text of its final step (where the four fields are read from). */
  readonly responseText: string;
  /** Token counts over all steps. */
  readonly usage: Usage;
  /** Summed cost in USD, when the model reports it. */
  readonly costUsd?: number;
  /** Model calls made. */
  readonly steps: number;
  /** Why the agent stopped. */
  readonly finishReason: AgentFinishReason;
}

/**
 * Runs the verifier agent on one synthetic example (A.6, Figure 8) with the benchmark's tools,
 * and parses its verdict from the final step. A model-call failure rejects; an answer that
 * breaks the contract (including running out of steps) is a verdict with `ok: false`.
 */
export async function verifyInstance(
  options: VerifyInstanceOptions,
): Promise<VerifyInstanceResult> {
  const prompt = buildVerifierPrompt(options);
  const result = await runAgent({
    model: options.model,
    system: prompt.system,
    prompt: prompt.user,
    tools: options.tools,
    maxSteps: options.maxSteps,
    maxOutputTokens: options.maxOutputTokens,
    metadata: { role: 'verify' },
    abortSignal: options.abortSignal,
  });
  let verdict = parseVerdict(result.text, result.finishReason);
  if (!verdict.ok && result.finishReason === 'step-limit') {
    verdict = {
      ok: false,
      code: verdict.code,
      reason: `step limit reached (${result.steps} steps); ${verdict.reason}`,
    };
  }
  return {
    verdict,
    transcript: result.transcript,
    responseText: result.text,
    usage: result.usage,
    ...(result.costUsd === undefined ? {} : { costUsd: result.costUsd }),
    steps: result.steps,
    finishReason: result.finishReason,
  };
}
