import type { DocumentedCallSizes } from '@forge/program';
import { appworldMaxSteps } from './appworld-prompts.js';

/**
 * The AppWorld agent's task-call sizes for estimates (the README's "Program" section): the first
 * call holds the system prompt (about 600 tokens), the task message and the four tool
 * definitions; every step adds the code the agent wrote and the environment's output (API
 * documentation pages run long, plain prints short). Counted at the step cap, so an estimate is
 * an upper bound: most episodes end well before it.
 */
export function appworldCallSizes(maxSteps: number = appworldMaxSteps): DocumentedCallSizes {
  return {
    maxCalls: maxSteps,
    firstInputTokens: 1200,
    inputTokensPerStep: 800,
    outputTokensPerCall: 300,
    source: `the AppWorld agent's documented sizes (1,200 prompt tokens at the first step, 800 more per step, 300 output tokens per call), counted at the step cap of ${maxSteps}; not measured, since measuring needs an environment server`,
  };
}
