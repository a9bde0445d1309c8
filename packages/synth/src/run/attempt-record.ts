import type { Instance } from '@forge/program';
import type { TranscriptEntry, Usage } from '@forge/provider';
import type { Verdict } from '@forge/verify';
import type { MutationIntent } from '../plan/mutation-intent.js';

/**
 * How an attempt ended — exactly one per attempt (Figure 3a accounting, plus this project's
 * guards):
 * - `generation-failed`: no block, bad JSON, a field set or type that does not fit the signature,
 *   or values the signature's schemas reject (`schema-mismatch`: a label outside a `z.enum`);
 * - `leaked`: the candidate overlaps a validation or test item (checked before the verifier);
 * - `duplicate`: the candidate repeats an instance of D or a lower slot's candidate (ditto);
 * - `verification-failed`: the verifier's answer broke its contract;
 * - `rejected-validity` / `rejected-faithfulness` / `rejected-both`: a verdict was false;
 * - `admitted`: both verdicts true.
 */
export type AttemptOutcome =
  | 'admitted'
  | 'generation-failed'
  | 'verification-failed'
  | 'rejected-validity'
  | 'rejected-faithfulness'
  | 'rejected-both'
  | 'duplicate'
  | 'leaked';

/** Every outcome, in the order reports list them. */
export const attemptOutcomes: readonly AttemptOutcome[] = [
  'admitted',
  'generation-failed',
  'leaked',
  'duplicate',
  'verification-failed',
  'rejected-validity',
  'rejected-faithfulness',
  'rejected-both',
];

/** What a guard matched. */
export interface GuardMatch {
  /** Which guard. */
  readonly guard: 'duplicate' | 'leakage';
  /** Id of the instance matched (in D, a lower slot's candidate, or the holdout). */
  readonly matchedId: string;
  /** Jaccard similarity (duplicate) or share of the holdout item's n-grams (leakage). */
  readonly score: number;
  /** Finer kind: `exact`, `near`, or `ngram-overlap`. */
  readonly kind: 'exact' | 'near' | 'ngram-overlap';
  /** For an exact duplicate: the matched instance has another gold (contradicting supervision). */
  readonly conflictingGold?: boolean;
}

/** The full record of one generation attempt: enough to audit it, export it, or resume without paying again. */
export interface AttemptRecord {
  /** Synthesis event number. */
  readonly event: number;
  /** Slot index within the event. */
  readonly slot: number;
  /** Targeted mode id (absent for random synthesis). */
  readonly modeId?: string;
  /** Its name at the time of the event. */
  readonly modeName?: string;
  /** Its description at the time of the event. */
  readonly modeDescription?: string;
  /** The mutation intent. */
  readonly intent: MutationIntent;
  /** The supporting observation the seed was drawn from. */
  readonly sourceObservationId?: string;
  /** The instance the seed started from. */
  readonly sourceInstanceId: string;
  /** How the attempt ended. */
  readonly outcome: AttemptOutcome;
  /** Machine-readable detail: a generation failure code, `malformed-verdict`, a guard kind, … */
  readonly reasonCode: string;
  /** Human-readable reason. */
  readonly reason: string;
  /** The coerced candidate (`syn-<event>-<slot>`), whenever generation produced one (also for `schema-mismatch`). */
  readonly instance?: Instance;
  /** The verifier's parsed answer, when it ran. */
  readonly verdict?: Verdict;
  /** What a guard matched, for `duplicate` and `leaked`. */
  readonly guardMatch?: GuardMatch;
  /** The generator's visible activity (never its hidden reasoning). */
  readonly generatorTranscript: readonly TranscriptEntry[];
  /** Text of the generator's final step. */
  readonly generatorResponseText: string;
  /** The verifier's visible activity, when it ran. */
  readonly verifierTranscript?: readonly TranscriptEntry[];
  /** Text of the verifier's final step, when it ran. */
  readonly verifierResponseText?: string;
  /** Token counts: generation, and verification (zero when the verifier did not run). */
  readonly usage: { readonly generate: Usage; readonly verify: Usage };
  /** Cost in USD of both agents, when the models report it. */
  readonly costUsd?: number;
  /** The models, as `provider:model`. */
  readonly models: { readonly generator: string; readonly verifier: string };
}
