import type { Instance } from '@forge/program';
import type { DuplicateIndex } from '../guards/duplicate-index.js';
import type { LeakageIndex } from '../guards/leakage-index.js';
import type { AttemptOutcome, GuardMatch } from './attempt-record.js';

/** The indexes a candidate is checked against. */
export interface GuardIndexes {
  /** Holdout n-grams (absent: leakage guard off or no holdout). */
  readonly leakage?: LeakageIndex;
  /** D and the slots' source instances (absent: duplicate guard off). */
  readonly known?: DuplicateIndex;
  /** Candidates of lower-numbered slots that passed the guards. */
  readonly siblings?: DuplicateIndex;
}

/**
 * Runs the guards on one candidate, cheapest decision first and most serious first: leakage into
 * the evaluation sets, then duplicates of D, then duplicates of earlier slots' candidates.
 * Returns the first match, or `undefined` when the candidate may go to the verifier.
 */
export function checkGuards(candidate: Instance, indexes: GuardIndexes): GuardMatch | undefined {
  const leak = indexes.leakage?.find(candidate);
  if (leak !== undefined) {
    return {
      guard: 'leakage',
      kind: 'ngram-overlap',
      matchedId: leak.matchedId,
      score: leak.overlap,
    };
  }
  for (const index of [indexes.known, indexes.siblings]) {
    const duplicate = index?.find(candidate);
    if (duplicate !== undefined) {
      return {
        guard: 'duplicate',
        kind: duplicate.kind,
        matchedId: duplicate.matchedId,
        score: duplicate.similarity,
        ...(duplicate.conflictingGold ? { conflictingGold: true } : {}),
      };
    }
  }
  return undefined;
}

/** True for outcomes whose candidate passed the guards (and so blocks later look-alikes). */
export function passedGuards(outcome: AttemptOutcome): boolean {
  return outcome !== 'generation-failed' && outcome !== 'duplicate' && outcome !== 'leaked';
}
