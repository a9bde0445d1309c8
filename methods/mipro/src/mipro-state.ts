import type { MethodHistoryPoint, RoleUsage } from '@forge/method';
import type { TraceEntry } from '@forge/program';
import type { DemoSet } from './bootstrap/assemble-demo-sets.js';
import type { BootstrapOutcome } from './bootstrap/bootstrap-outcome.js';
import type { DemoSetSpec } from './bootstrap/demo-set-plan.js';
import type { SearchCostModel } from './plan/search-cost.js';
import type { ProposalState } from './propose/proposal-plan.js';
import type { TpeObservation } from './tpe/tpe-sampler.js';

/** Version of the saved state's shape. */
export const miproFormatVersion = 1;

/** The stages of a run, in order. */
export type MiproPhase = 'seed' | 'bootstrap' | 'propose' | 'search' | 'done';

/**
 * A MIPROv2 run's whole state: plain JSON, saved after every unit of work (a batch of
 * bootstrapping runs, one proposal call, one trial, one full evaluation). Every random draw is
 * named by the seed and a counter held here, so a resumed run continues exactly.
 */
export interface MiproState {
  /** The stage the run is in. */
  readonly phase: MiproPhase;
  /** Task evaluations spent (SPEC §3). */
  readonly evaluationsUsed: number;
  /** Model usage by role (`task`, `propose`). */
  readonly usage: Readonly<Record<string, RoleUsage>>;
  /** Ids of the validation instances the search scores on (the preset's subsample), in order. */
  readonly validationIds: readonly string[];
  /** The seed's mean score on them. */
  readonly seedValidation?: number;
  /** The bootstrapping stage. */
  readonly bootstrap: BootstrapState;
  /** The demo sets, once bootstrapping is done. */
  readonly demoSets?: readonly DemoSet[];
  /** The proposal stage. */
  readonly proposal: ProposalState;
  /** The search, once it started. */
  readonly search?: SearchState;
  /**
   * Program runs of the seed's evaluation and of the search that raised and were scored 0
   * (`reference`; absent when none did).
   */
  readonly searchErrors?: number;
  /** Why the run stopped, once it did. */
  readonly stopReason?: string;
}

/** The bootstrapping stage: the demo-set plan and the seed program's runs on training instances. */
export interface BootstrapState {
  /** How each demo set is made. */
  readonly specs: readonly DemoSetSpec[];
  /** Outcome of each training instance run so far, by id. */
  readonly outcomes: Readonly<Record<string, BootstrapOutcome>>;
  /** One run of the seed program (the first passing one, else the first), for the program description. */
  readonly example?: { readonly instanceId: string; readonly trace: readonly TraceEntry[] };
  /** Why bootstrapping stopped before every set was complete, if it did. */
  readonly cutShort?: string;
  /** Bootstrapping runs that raised an error (with `maxErrors`; absent when none did). */
  readonly errors?: number;
}

/** One combination of choices the search tried, by its key (`params` joined by commas). */
export interface ComboRecord {
  /** The choice of each searched parameter. */
  readonly params: readonly number[];
  /** Its minibatch scores, in trial order. */
  readonly minibatchScores: readonly number[];
  /** Its full validation score, once evaluated. */
  readonly validation?: number;
  /** Its index among validated candidates, once evaluated. */
  readonly candidate?: number;
}

/** A validated candidate. */
export interface ValidatedCandidate {
  /** The choice of each searched parameter. */
  readonly params: readonly number[];
  /** Mean validation score. */
  readonly validation: number;
  /** The trial it came from; null for the seed. */
  readonly trial: number | null;
  /** Evaluations spent when it was validated. */
  readonly evaluationsUsed: number;
}

/** The search: the plan, TPE's observations and what was validated. */
export interface SearchState {
  /** Trials planned (B.4). */
  readonly trials: number;
  /** What the estimate assumed. */
  readonly cost: SearchCostModel;
  /** Estimated task evaluations of the whole run when the plan was made (spent so far + search). */
  readonly estimatedEvaluations: number;
  /** The searched parameters: names and choice counts, in order. */
  readonly space: { readonly names: readonly string[]; readonly choices: readonly number[] };
  /** Trials completed. */
  readonly trial: number;
  /** True when a full evaluation is due before the next trial. */
  readonly fullEvaluationDue: boolean;
  /** TPE's observations, in order (the seed first). */
  readonly observations: readonly TpeObservation[];
  /** Combinations tried, by key (under `paper` the seed's from the start, validated). */
  readonly combos: Readonly<Record<string, ComboRecord>>;
  /** Validated candidates in order (the seed is 0). */
  readonly candidates: readonly ValidatedCandidate[];
  /** Index of the best candidate (highest validation, earliest on ties). */
  readonly best: number;
  /** Best validation score against evaluations spent. */
  readonly history: readonly MethodHistoryPoint[];
  /** Full evaluations skipped because every combination tried had one. */
  readonly fullEvaluationsSkipped: number;
  /** Trials that reused an earlier full evaluation of the same combination (no minibatches). */
  readonly trialsReused: number;
}
