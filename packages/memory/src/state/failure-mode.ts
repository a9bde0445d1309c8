import type { Observation } from '../observation/observation.js';

/** One rename (or description rewrite) of a failure mode, kept for audit. */
export interface ModeRename {
  /** Name before the rename. */
  readonly from: string;
  /** Name after the rename; equal to `from` when only the description changed. */
  readonly to: string;
  /** Description before the rename. */
  readonly previousDescription: string;
  /** Optimization step of the observation whose assignment renamed the mode. */
  readonly step?: number;
  /** Id of that observation. */
  readonly observationId?: string;
}

/**
 * A failure mode (the paper's word; the assigner calls it a cluster): a reusable failure
 * mechanism with the observations that support it. Modes belong to the synthesis epoch they were
 * created in; only the current epoch's modes are active.
 */
export interface FailureMode {
  /** Stable id that survives renames: `e<epoch>-m<index within the epoch>`, e.g. `e0-m3`. */
  readonly id: string;
  /** Current snake_case name, unique among the modes of its epoch. */
  readonly name: string;
  /** Current decontextualized description of the mechanism. */
  readonly description: string;
  /** The synthesis epoch the mode was created in. */
  readonly epoch: number;
  /** Supporting observations in assignment order; the first one created the mode. */
  readonly observations: readonly Observation[];
  /** Renames in the order they happened. */
  readonly renames: readonly ModeRename[];
}
