import type { MethodHistoryPoint, RoleUsage } from '@forge/method';
import { nextHistoryPoint } from '@forge/method';
import type { Instance, Prompts } from '@forge/program';
import { initialSamplerState, type SamplerState } from './epoch-shuffled-sampler.js';
import { emptyMergeLog, type MergeLog } from './merge-candidates.js';

/** How a candidate came about. */
export type CandidateOrigin = 'seed' | 'reflection' | 'merge';

/** One validated candidate of the pool (the reference's `program_candidates` row and its side data). */
export interface GepaCandidate {
  /** Component name → text. */
  readonly prompts: Prompts;
  /** The candidates it came from: none for the seed, one for a reflection, two for a merge. */
  readonly parents: readonly number[];
  /** Seed, reflective mutation or merge. */
  readonly origin: CandidateOrigin;
  /** The components a reflection rewrote (empty for the seed and merges). */
  readonly components: readonly string[];
  /** For a merge, the common ancestor it was built on. */
  readonly ancestor?: number;
  /** Its score on every validation instance, in validation order. */
  readonly scores: readonly number[];
  /** Mean validation score. */
  readonly validation: number;
  /** Round-robin pointer: the component its next reflection rewrites (index into the modules). */
  readonly nextComponent: number;
  /** The iteration that produced it; null for the seed. */
  readonly iteration: number | null;
  /** Evaluations spent before its validation pass (the reference's `num_metric_calls_by_discovery`). */
  readonly discoveredAt: number;
}

/** The merge proposer's counters (persisted, unlike the reference's, so resume is exact). */
export interface MergeCounters {
  /** Merges owed by accepted reflective children (`merges_due`). */
  readonly due: number;
  /** Merges accepted so far (`total_merges_tested`). */
  readonly accepted: number;
  /** The previous iteration accepted a reflective child (`last_iter_found_new_program`). */
  readonly lastIterationFoundNew: boolean;
  /** Merges already tried, never repeated. */
  readonly log: MergeLog;
}

/** Outcome counts over the run. */
export interface GepaCounts {
  /** Reflective children accepted on the minibatch. */
  readonly accepted: number;
  /** Reflective children rejected on the minibatch. */
  readonly rejected: number;
  /** Iterations skipped because the parent was perfect on the minibatch. */
  readonly skippedPerfect: number;
  /** Iterations whose reflection yielded no usable instruction. */
  readonly noProposal: number;
  /**
   * Iterations skipped because the reflection failed twice (`reference` profile only; absent in
   * runs saved before it existed).
   */
  readonly reflectionFailed?: number;
  /** Merged candidates tested on the subsample. */
  readonly mergesTested: number;
  /** Merged candidates accepted. */
  readonly mergesAccepted: number;
}

/** The whole state of a GEPA run: plain JSON, saved after every iteration. */
export interface GepaState {
  /** Iterations completed; the next iteration's number (the reference's `i`). */
  readonly iteration: number;
  /** Task evaluations spent (metric calls). */
  readonly evaluationsUsed: number;
  /** The candidate pool, seed first. */
  readonly candidates: readonly GepaCandidate[];
  /** The minibatch sampler's state. */
  readonly sampler: SamplerState;
  /** The merge proposer's counters. */
  readonly merge: MergeCounters;
  /** Outcome counts. */
  readonly counts: GepaCounts;
  /** Best validation score against evaluations spent. */
  readonly history: readonly MethodHistoryPoint[];
  /** Model usage by role. */
  readonly usage: Readonly<Record<string, RoleUsage>>;
}

/** The state right after the seed's validation pass. */
export function initialGepaState(options: {
  readonly prompts: Prompts;
  readonly scores: readonly number[];
  readonly usage: Readonly<Record<string, RoleUsage>>;
}): GepaState {
  const validation = mean(options.scores);
  return {
    iteration: 0,
    evaluationsUsed: options.scores.length,
    candidates: [
      {
        prompts: options.prompts,
        parents: [],
        origin: 'seed',
        components: [],
        scores: options.scores,
        validation,
        nextComponent: 0,
        iteration: null,
        discoveredAt: 0,
      },
    ],
    sampler: initialSamplerState,
    merge: { due: 0, accepted: 0, lastIterationFoundNew: false, log: emptyMergeLog },
    counts: {
      accepted: 0,
      rejected: 0,
      skippedPerfect: 0,
      noProposal: 0,
      mergesTested: 0,
      mergesAccepted: 0,
    },
    history: [
      nextHistoryPoint(undefined, {
        evaluationsUsed: options.scores.length,
        candidate: 0,
        validation,
        step: null,
      }),
    ],
    usage: options.usage,
  };
}

/**
 * Adds a validated candidate. Its round-robin pointer is the largest of its parents' pointers
 * (read after the parent's own advance), as the reference does; the history gains a point.
 */
export function addCandidate(
  state: GepaState,
  candidate: Omit<GepaCandidate, 'validation' | 'nextComponent' | 'discoveredAt'>,
): GepaState {
  const validation = mean(candidate.scores);
  const nextComponent = Math.max(
    0,
    ...candidate.parents.map((parent) => state.candidates[parent]?.nextComponent ?? 0),
  );
  const evaluationsUsed = state.evaluationsUsed + candidate.scores.length;
  return {
    ...state,
    evaluationsUsed,
    candidates: [
      ...state.candidates,
      { ...candidate, validation, nextComponent, discoveredAt: state.evaluationsUsed },
    ],
    history: [
      ...state.history,
      nextHistoryPoint(state.history[state.history.length - 1], {
        evaluationsUsed,
        candidate: state.candidates.length,
        validation,
        step: candidate.iteration,
      }),
    ],
  };
}

/** The best candidate: highest mean validation score, the earliest on ties. */
export function bestCandidateIndex(state: GepaState): number {
  return state.history[state.history.length - 1]?.bestCandidate ?? 0;
}

/** The arithmetic mean (0 for no values). */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The sum of the values. */
export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Scores in validation order as a record by instance id (what report records carry). */
export function scoresById(
  validation: readonly Instance[],
  scores: readonly number[],
): Record<string, number> {
  return Object.fromEntries(validation.map((instance, index) => [instance.id, scores[index] ?? 0]));
}
