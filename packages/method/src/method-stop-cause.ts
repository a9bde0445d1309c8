/**
 * Which of the host's limits ended a run — or `finished` when the method ended on its own terms
 * (its epochs or trials done, converged, Forge's completion rule, a budget the method uses up by
 * design is still `evaluation-budget`: the host decides what that means for the run).
 */
export type MethodStopCause =
  | 'finished'
  | 'evaluation-budget'
  | 'step-limit'
  | 'wall-time'
  | 'optimizer-cost'
  | 'optimizer-tokens'
  | 'stop-requested';

// The words every method's `stopReason` starts with when one of `MethodBudget`'s limits (or a
// stop request) ended it. Forge's core, GEPA, ACE and MIPROv2 word their stops this way; a new
// method must too, or its capped runs read as finished.
const prefixes: readonly (readonly [RegExp, MethodStopCause])[] = [
  [/^stop (requested|file)/i, 'stop-requested'],
  [/^evaluation budget/i, 'evaluation-budget'],
  [/^step limit/i, 'step-limit'],
  [/^wall[- ]time/i, 'wall-time'],
  [/^optimizer cost/i, 'optimizer-cost'],
  [/^optimizer tokens?/i, 'optimizer-tokens'],
];

/**
 * Reads a `MethodResult.stopReason` back as the limit that ended the run. The contract: a stop
 * by a host limit starts with `evaluation budget`, `step limit`, `wall time` (or `wall-time`),
 * `optimizer cost`, `optimizer token(s)`, or `stop requested` / `stop file`; anything else is
 * the method's own end (`finished`). Used by a suite to tell a cell that finished from one a cap
 * cut short, including in `results.json` files written before the cause was recorded.
 */
export function methodStopCause(stopReason: string): MethodStopCause {
  const text = stopReason.trim();
  for (const [pattern, cause] of prefixes) if (pattern.test(text)) return cause;
  return 'finished';
}
