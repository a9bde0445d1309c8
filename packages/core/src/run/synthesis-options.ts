import type { Instance, Signature } from '@forge/program';
import type { AgentTool, LanguageModel } from '@forge/provider';
import type { SynthesisGuardOptions, SynthesisJournal } from '@forge/synth';

/** Which data branch the search runs (SPEC §10). */
export type SynthesisVariant = 'forge' | 'failure-memory' | 'random-synthesis';

/** The data branch of Algorithm 1: failure memory and synthesis events. */
export interface SynthesisOptions {
  /**
   * `forge`: failure modes with the four mutation intents; `failure-memory`: failure modes with
   * one generic intent; `random-synthesis`: random training instances, no failure memory.
   */
  readonly variant: SynthesisVariant;
  /** K: generation attempts per synthesis event. */
  readonly attempts: number;
  /** E: maximum number of synthesis events. */
  readonly epochs: number;
  /** P: completed steps without a strict best-validation gain that trigger an event. */
  readonly patience: number;
  /** The task signature synthetic instances must match. */
  readonly signature: Signature;
  /** Tools of the generator and verifier agents. */
  readonly tools?: readonly AgentTool[];
  /** Instances no synthetic instance may paraphrase (validation and test), for the leakage guard. */
  readonly holdout?: readonly Instance[];
  /** Per-role models; each defaults to the search's optimizer model. */
  readonly models?: {
    readonly assign?: LanguageModel;
    readonly generate?: LanguageModel;
    readonly verify?: LanguageModel;
  };
  /** Agent runs (generation or verification) in flight at once. Default 4. */
  readonly concurrency?: number;
  /** Step limit of the generator and verifier agents. */
  readonly maxAgentSteps?: number;
  /** Duplicate and leakage guards (both on by default). */
  readonly guards?: SynthesisGuardOptions;
  /** Where finished attempts are kept, so a resumed event does not pay for them again. */
  readonly journal?: SynthesisJournal;
}

/** True when the variant keeps a failure memory (and so runs the memory branch every step). */
export function usesFailureMemory(options: SynthesisOptions | undefined): boolean {
  return options !== undefined && options.variant !== 'random-synthesis';
}
