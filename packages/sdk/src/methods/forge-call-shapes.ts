import { reflectionSystemPrompt } from '@forge/core';
import { assignerSystemPrompt } from '@forge/memory';
import type { MethodCallShape } from '@forge/method';
import { generatorSystemPrompt } from '@forge/synth';
import { verifierSystemPrompt } from '@forge/verify';

/**
 * Answer tokens each Forge role writes around what its contract asks for (docs/prompt-contracts.md):
 * the reflector's short analysis, the assigner's mode line, the generator's framing, the
 * verifier's verdict and reasons. A real model that reasons at length writes more.
 */
export const forgeAnswerFrames = { reflect: 100, assign: 60, generate: 30, verify: 50 } as const;

/** Prompt tokens of the failure modes an assigner or generator call lists (the memory grows from empty). */
export const forgeMemoryTokens = 200;

const tokensOf = (text: string) => Math.ceil(text.length / 4);

/**
 * What one unit of each Forge role is made of: the reflector sees the module's instruction and
 * the minibatch's executions and writes the new instruction; the assigner sees one imperfect
 * execution and the memory's modes; a generation or verification attempt is an agent run of
 * about two calls over one failed execution, the generator writing one instance.
 */
export function forgeCallShapes(minibatchSize: number): Record<string, MethodCallShape> {
  return {
    reflect: {
      callsPerUnit: 1,
      fixedPromptTokens: tokensOf(reflectionSystemPrompt),
      instructionsShown: 1,
      executionsShown: minibatchSize,
      fixedAnswerTokens: forgeAnswerFrames.reflect,
      instructionsWritten: 1,
      instancesWritten: 0,
    },
    assign: {
      callsPerUnit: 1,
      fixedPromptTokens: tokensOf(assignerSystemPrompt) + forgeMemoryTokens,
      instructionsShown: 1,
      executionsShown: 1,
      fixedAnswerTokens: forgeAnswerFrames.assign,
      instructionsWritten: 0,
      instancesWritten: 0,
    },
    generate: {
      callsPerUnit: 2,
      fixedPromptTokens: tokensOf(generatorSystemPrompt) + forgeMemoryTokens,
      instructionsShown: 1,
      executionsShown: 1,
      fixedAnswerTokens: forgeAnswerFrames.generate,
      instructionsWritten: 0,
      instancesWritten: 1,
    },
    verify: {
      callsPerUnit: 2,
      fixedPromptTokens: tokensOf(verifierSystemPrompt),
      instructionsShown: 1,
      executionsShown: 1,
      fixedAnswerTokens: forgeAnswerFrames.verify,
      instructionsWritten: 0,
      instancesWritten: 0,
    },
  };
}
