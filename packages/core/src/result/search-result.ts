import type { Instance } from '@forge/program';
import type { CandidateRecord, SearchState, StepRecord } from '../state/search-state.js';
import type { ContractWarning } from '../warnings/contract-warnings.js';

/** What a search returns. */
export interface SearchResult {
  /** Why the run stopped (the stop rule's reason). */
  readonly stopReason: string;
  /** The candidate with the highest mean validation score (earliest on ties). */
  readonly bestCandidate: CandidateRecord;
  /** The seed's mean validation score. */
  readonly seedScore: number;
  /** The best candidate's mean validation score. */
  readonly bestScore: number;
  /** Every candidate, with parent links (the lineage). */
  readonly candidates: readonly CandidateRecord[];
  /** Per candidate, its score on every validation instance (rows follow `candidates`). */
  readonly validationScores: readonly (readonly number[])[];
  /** One record per completed step. */
  readonly history: readonly StepRecord[];
  /** Task evaluations spent. */
  readonly evaluationsUsed: number;
  /** Completed steps. */
  readonly steps: number;
  /** The augmented training data D: original instances, then admitted synthetic ones. */
  readonly trainingInstances: readonly Instance[];
  /** The full final state (plain data). */
  readonly state: SearchState;
  /** Optimizer roles whose answers mostly broke their contract in this invocation (empty when none). */
  readonly warnings: readonly ContractWarning[];
}

/** Builds the result from the final state. */
export function buildSearchResult(
  state: SearchState,
  stopReason: string,
  instance: (id: string) => Instance,
  history: readonly StepRecord[],
  warnings: readonly ContractWarning[] = [],
): SearchResult {
  const bestCandidate = state.candidates[state.bestCandidate];
  const seed = state.candidates[0];
  if (bestCandidate === undefined || seed === undefined) {
    throw new Error('buildSearchResult: the seed has not been evaluated');
  }
  return {
    stopReason,
    bestCandidate,
    seedScore: seed.validationScore,
    bestScore: bestCandidate.validationScore,
    candidates: state.candidates,
    validationScores: state.validationScores,
    history,
    evaluationsUsed: state.evaluationsUsed,
    steps: state.step,
    trainingInstances: state.trainingIds.map(instance),
    state,
    warnings,
  };
}
