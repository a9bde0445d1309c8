import type { Demonstrations, Prompts } from '@forge/program';

/**
 * What a method optimizes and returns: a complete setting of the program's optimizable parts.
 * Today that is one system prompt per module; methods that optimize more (few-shot
 * demonstrations, playbooks rendered into prompts) extend it with optional fields, so a method
 * that knows only prompts keeps working.
 */
export interface MethodCandidate {
  /** Module name → system prompt, for every module of the program (declaration order). */
  readonly prompts: Prompts;
  /**
   * Few-shot demonstrations by module name (MIPROv2 optimizes them); absent or empty for
   * zero-shot candidates. The host passes them to every run of the program
   * (`ProgramContext.demos`), its test evaluation included.
   */
  readonly demos?: Demonstrations;
}
