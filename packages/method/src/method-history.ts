/**
 * One point of a method's score-vs-evaluations history. A method records a point whenever a
 * candidate's full validation score becomes known (the seed first), so the history is the
 * staircase of the best validation score against the evaluations spent to reach it.
 */
export interface MethodHistoryPoint {
  /** Task evaluations spent when the point was recorded (including the validation pass). */
  readonly evaluationsUsed: number;
  /** The candidate just validated. */
  readonly candidate: number;
  /** Its mean validation score. */
  readonly validation: number;
  /** The best mean validation score so far (earliest candidate on ties). */
  readonly bestValidation: number;
  /** The index of the best candidate so far. */
  readonly bestCandidate: number;
  /** The method's step counter when the point was recorded; null for the seed. */
  readonly step: number | null;
}

/** The history point of a newly validated candidate, given the previous point (if any). */
export function nextHistoryPoint(
  previous: MethodHistoryPoint | undefined,
  point: Omit<MethodHistoryPoint, 'bestValidation' | 'bestCandidate'>,
): MethodHistoryPoint {
  // Strictly greater: on ties the earlier candidate stays the best (SPEC §3's result rule).
  const improved = previous === undefined || point.validation > previous.bestValidation;
  return {
    ...point,
    bestValidation: improved ? point.validation : previous.bestValidation,
    bestCandidate: improved ? point.candidate : previous.bestCandidate,
  };
}
