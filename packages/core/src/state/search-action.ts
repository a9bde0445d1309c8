import type { AssignmentOutcome, Observation } from '@forge/memory';
import type { Instance, Prompts } from '@forge/program';
import type { AttemptRecord, SynthesisAccounting } from '@forge/synth';
import type { SamplerState } from '../sampler/minibatch-sampler.js';
import type { StepRecord } from './search-state.js';
import type { UsageEntry } from './usage-totals.js';

/** The seed candidate was evaluated on the validation set. */
export interface SeedEvaluatedAction {
  readonly type: 'seed-evaluated';
  /** The seed prompts. */
  readonly prompts: Prompts;
  /** Its score on every validation instance, in `validationIds` order. */
  readonly validationScores: readonly number[];
  /** Task usage of the validation pass. */
  readonly usage: readonly UsageEntry[];
}

/** A step finished: everything it decided and observed, applied at once. */
export interface StepCompletedAction {
  readonly type: 'step-completed';
  /** The step's record; the reducer decides `improved`. */
  readonly record: Omit<StepRecord, 'improved'>;
  /** The sampler after drawing the step's minibatch. */
  readonly sampler: SamplerState;
  /** The accepted proposal and its validation scores, when the step accepted one. */
  readonly accepted?: {
    readonly prompts: Prompts;
    readonly validationScores: readonly number[];
  };
  /** Usage of the step's model calls by role. */
  readonly usage: readonly UsageEntry[];
  /**
   * The memory branch: each imperfect parent evaluation as an observation, with the assigner's
   * raw answer, in minibatch order. The reducer applies them in order (A.4).
   */
  readonly assignments?: readonly MemoryAssignment[];
}

/** One observation and the assigner's answer for it. */
export interface MemoryAssignment {
  /** The observation filed. */
  readonly observation: Observation;
  /** The assigner's raw answer, replayed by `applyAssignment`. */
  readonly responseText: string;
  /** `length` when the answer was cut off at the token limit: replayed as a `truncated` no-op. */
  readonly finishReason?: string;
  /**
   * What the answer did, as `applyAssignment` decided when the step ran. Derived data, kept so
   * stores and reports can read the action alone; the reducer recomputes it.
   */
  readonly outcome: AssignmentOutcome;
}

/**
 * A synthesis event finished (Algorithm 3): its admitted instances join D, the sampler refreshes
 * and the failure-memory epoch advances — also when nothing was admitted.
 */
export interface SynthesisCompletedAction {
  readonly type: 'synthesis-completed';
  /** The event number (equals the number of earlier events). */
  readonly event: number;
  /** Admitted instances in slot order. */
  readonly admitted: readonly Instance[];
  /** Every attempt's record, in slot order (for the run's journal and reports). */
  readonly attempts: readonly AttemptRecord[];
  /** The event's accounting. */
  readonly accounting: SynthesisAccounting;
}

/** Every change to the search state. */
export type SearchAction = SeedEvaluatedAction | StepCompletedAction | SynthesisCompletedAction;
