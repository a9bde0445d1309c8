import type { Observation } from '@forge/memory';
import type { Instance } from '@forge/program';
import type { MutationIntent } from './mutation-intent.js';

/**
 * What synthesis needs of a failure mode. `FailureMode` from @forge/memory fits as is; a
 * hand-written mode needs an id, a name, a description and at least one observation.
 */
export interface SynthesisMode {
  /** Stable id, e.g. `e0-m3`. */
  readonly id: string;
  /** snake_case name. */
  readonly name: string;
  /** Description of the failure mechanism. */
  readonly description: string;
  /** Supporting observations; their number is the mode's support n_j. */
  readonly observations: readonly Observation[];
}

/** One generation attempt of a synthesis event: a mutation seed and its place in the event. */
export interface SynthesisSlot {
  /** 0-based index within the event; decisions are made in this order. */
  readonly slot: number;
  /** The targeted mode's id (absent for random synthesis). */
  readonly modeId?: string;
  /** Its name. */
  readonly modeName?: string;
  /** Its description. */
  readonly modeDescription?: string;
  /** The mutation intent. */
  readonly intent: MutationIntent;
  /** The supporting observation drawn for this slot (absent for random synthesis). */
  readonly observation?: Observation;
  /** The instance the seed starts from: the observation's instance, or a random training one. */
  readonly sourceInstance: Instance;
}
