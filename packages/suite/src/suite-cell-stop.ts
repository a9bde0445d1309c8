/**
 * The limit that cut a cell's run short:
 * - `evaluation-cap`: the reference (run to completion, B.4) reached the suite's outer
 *   `maxEvaluations` before its completion rule ended it;
 * - `cost-cap` / `token-cap`: the optimizer roles' USD or token cap of every cell;
 * - `step-cap`: the suite's `maxSteps`;
 * - `wall-time`: the suite's `maxWallTimeMinutes` (per invocation);
 * - `signal`: a stop request (Ctrl-C, a stop file) — the cell stays `pending` and continues on
 *   the next invocation.
 *
 * A fault (an error) is not a stop: the cell is `failed` and its `error` says what went wrong.
 */
export type SuiteStopCause =
  | 'evaluation-cap'
  | 'cost-cap'
  | 'token-cap'
  | 'step-cap'
  | 'wall-time'
  | 'signal';

/** Why a cell's run ended before it finished on its own terms, and where it stood then. */
export interface SuiteCellStop {
  /** The limit that ended it. */
  readonly by: SuiteStopCause;
  /**
   * The limit's value in its unit — evaluations (`evaluation-cap`), USD (`cost-cap`), tokens
   * (`token-cap`), steps (`step-cap`), minutes (`wall-time`) — or null (a signal, or unknown).
   */
  readonly limit: number | null;
  /** Where the run stood when it stopped. */
  readonly at: {
    /** Task evaluations spent. */
    readonly evaluations: number;
    /** USD spent over every role (null when unknown). */
    readonly costUsd: number | null;
    /** The optimizer roles' share of it (null when unknown). */
    readonly optimizerCostUsd: number | null;
  };
}

const limitNames: Readonly<Record<SuiteStopCause, string>> = {
  'evaluation-cap': 'evaluation cap',
  'cost-cap': 'optimizer cost cap',
  'token-cap': 'optimizer token cap',
  'step-cap': 'step cap',
  'wall-time': 'wall-time cap',
  signal: 'stop request',
};

/** The limit in words with its value: `optimizer cost cap ($200)`, `evaluation cap (20,000)`. */
export function describeStopLimit(stop: Pick<SuiteCellStop, 'by' | 'limit'>): string {
  const name = limitNames[stop.by];
  if (stop.limit === null) return name;
  switch (stop.by) {
    case 'cost-cap':
      return `${name} ($${stop.limit})`;
    case 'wall-time':
      return `${name} (${stop.limit} min)`;
    default:
      return `${name} (${stop.limit.toLocaleString('en-US')})`;
  }
}

/** `stopped by the optimizer cost cap ($200) at 119 evaluations, $201.30 spent`. */
export function describeCellStop(stop: SuiteCellStop): string {
  const spent = stop.at.costUsd === null ? '' : `, $${stop.at.costUsd.toFixed(2)} spent`;
  return `stopped by the ${describeStopLimit(stop)} at ${stop.at.evaluations.toLocaleString('en-US')} evaluations${spent}`;
}
