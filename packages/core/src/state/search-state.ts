import { createFailureMemory, type FailureMemoryState } from '@forge/memory';
import type { Instance, Prompts } from '@forge/program';
import { createSamplerState, type SamplerState } from '../sampler/minibatch-sampler.js';
import type { UsageTotals } from './usage-totals.js';

/** One candidate of the pool Π (append-only). */
export interface CandidateRecord {
  /** Position in the pool; 0 is the seed. */
  readonly index: number;
  /** Module name → system prompt. */
  readonly prompts: Prompts;
  /** The parent it was derived from; null for the seed. */
  readonly parent: number | null;
  /** The module whose prompt the reflection replaced; null for the seed. */
  readonly module: string | null;
  /** The step that produced it; null for the seed. */
  readonly step: number | null;
  /** Evaluations spent before its validation pass (GEPA's "discovery budget"). */
  readonly evaluationsAtDiscovery: number;
  /** Mean validation score. */
  readonly validationScore: number;
}

/** What happened to a step's proposal. */
export type ProposalOutcome = 'accepted' | 'rejected' | 'no-op' | 'perfect';

/** A compact record of one completed step. */
export interface StepRecord {
  /** 0-based step number. */
  readonly step: number;
  /** Selected parent candidate. */
  readonly parent: number;
  /** The module reflected on (round robin: step mod number of modules). */
  readonly module: string;
  /** Training ids of the minibatch, in order. */
  readonly minibatch: readonly string[];
  /** The parent's score on each minibatch instance. */
  readonly parentScores: readonly number[];
  /** What happened to the proposal (`perfect`: no imperfect evaluation, no proposal). */
  readonly outcome: ProposalOutcome;
  /** Why the reflection produced no proposal, for `no-op`. */
  readonly noOpReason?: string;
  /** The proposal's minibatch scores, when it was evaluated. */
  readonly proposalScores?: readonly number[];
  /** Index of the new candidate, when accepted. */
  readonly candidate?: number;
  /** Task evaluations this step spent. */
  readonly evaluations: number;
  /** True when the step strictly improved the best mean validation score. */
  readonly improved: boolean;
}

/** A compact record of one synthesis event (the attempts themselves are in the action log). */
export interface SynthesisEventRecord {
  /** 0-based event number. */
  readonly event: number;
  /** Completed steps when the event ran. */
  readonly step: number;
  /** Evaluations spent when the event ran. */
  readonly evaluationsUsed: number;
  /** The failure-memory epoch the event drew from. */
  readonly epoch: number;
  /** Attempts made. */
  readonly attempts: number;
  /** Ids of the admitted instances. */
  readonly admitted: readonly string[];
  /** Attempts by outcome. */
  readonly outcomes: Readonly<Record<string, number>>;
}

/**
 * The search state (SPEC §2): plain data that serializes as is, changed only by `reduceSearch`.
 * Original training and validation instances are not copied in (they come from the dataset and
 * are checked by id on resume); admitted synthetic instances are, since D is append-only state.
 */
export interface SearchState {
  /** Version of this shape. */
  readonly formatVersion: 1;
  /** The run's seed; every random stream is named by it. */
  readonly seed: number | string;
  /** Module names in declaration order. */
  readonly modules: readonly string[];
  /** Minibatch size |B|. */
  readonly minibatchSize: number;
  /** Validation instance ids, in order (columns of `validationScores`). */
  readonly validationIds: readonly string[];
  /** D: ids of original training instances followed by admitted synthetic ones. */
  readonly trainingIds: readonly string[];
  /** Admitted synthetic instances, in admission order. */
  readonly syntheticInstances: readonly Instance[];
  /** The candidate pool Π. */
  readonly candidates: readonly CandidateRecord[];
  /** S_V: per candidate, its score on every validation instance. */
  readonly validationScores: readonly (readonly number[])[];
  /** Index of the candidate with the highest mean validation score (earliest on ties); -1 before the seed is evaluated. */
  readonly bestCandidate: number;
  /** Minibatch sampler. */
  readonly sampler: SamplerState;
  /** Completed steps. */
  readonly step: number;
  /** Task evaluations spent. */
  readonly evaluationsUsed: number;
  /** Completed steps since the best mean validation score last strictly improved. */
  readonly stepsSinceImprovement: number;
  /** Synthesis events run so far. */
  readonly synthesisEvents: number;
  /** Model usage by role. */
  readonly usage: UsageTotals;
  /** Failure memory M: failure modes of every synthesis epoch. */
  readonly memory: FailureMemoryState;
  /** One record per synthesis event. */
  readonly synthesis: readonly SynthesisEventRecord[];
}

/** The state of a new run, before the seed is evaluated. */
export function createSearchState(options: {
  seed: number | string;
  modules: readonly string[];
  minibatchSize: number;
  trainingIds: readonly string[];
  validationIds: readonly string[];
}): SearchState {
  return {
    formatVersion: 1,
    seed: options.seed,
    modules: options.modules,
    minibatchSize: options.minibatchSize,
    validationIds: options.validationIds,
    trainingIds: options.trainingIds,
    syntheticInstances: [],
    candidates: [],
    validationScores: [],
    bestCandidate: -1,
    sampler: createSamplerState(),
    step: 0,
    evaluationsUsed: 0,
    stepsSinceImprovement: 0,
    synthesisEvents: 0,
    usage: {},
    memory: createFailureMemory(),
    synthesis: [],
  };
}

/** Mean of a score vector. */
export function meanScore(scores: readonly number[]): number {
  let sum = 0;
  for (const score of scores) sum += score;
  return scores.length === 0 ? 0 : sum / scores.length;
}
