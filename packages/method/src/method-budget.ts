/**
 * How much a method may spend. Evaluations are counted as SPEC §3 counts them: the program run
 * once on one instance with one candidate is one evaluation, whatever the split or purpose.
 */
export interface MethodBudget {
  /**
   * Task-program evaluations the method may spend, never exceeded: a method starts no unit of
   * work (step, trial, merge) that could cross it. In a suite this is the row's ceiling (B.4).
   * The one exception is a setting that asks for a reference implementation's own budget rule
   * (GEPA's `profile: reference`); its result then says so in `MethodResult.ceilingNote`.
   */
  readonly maxEvaluations: number;
  /** Stop after this many of the method's own steps. */
  readonly maxSteps?: number;
  /** Stop once this invocation has run this long (milliseconds). */
  readonly maxWallTimeMs?: number;
  /** Stop once the optimizer-side roles have spent this much (USD and/or tokens). */
  readonly maxOptimizerCost?: { readonly usd?: number; readonly tokens?: number };
}
