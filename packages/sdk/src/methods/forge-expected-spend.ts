import type { MethodExpectedSpend } from '@forge/method';

/**
 * The shares a typical Forge run to completion shows, which its expected figure assumes. Read
 * off runs on the simulated world (two seeds of `examples/suites/sim-ablation.yaml`: 38 and 51
 * steps where completion needs 32 at least, 11 and 12 proposals accepted); a real task model's
 * run may differ, which is why the dry run also prints the upper bound.
 */
export const forgeTypicalRun = {
  /**
   * Steps beyond the (E + 1)·P the completion rule needs at the least, as a share of them: a
   * validation gain restarts the patience count.
   */
  extraStepShare: 0.25,
  /** Steps whose proposal beats its parent on the minibatch and is then evaluated on V. */
  acceptedShare: 0.25,
  /** Minibatch evaluations that are imperfect (each one filed and assigned; a step reflects when any is). */
  imperfectShare: 0.4,
} as const;

/** What the expected figure of a Forge run to completion is computed from. */
export interface ForgeExpectedSpendInput {
  /** The evaluation ceiling (an outer cap at completion). */
  readonly maxEvaluations: number;
  /** |V|. */
  readonly validationSize: number;
  /** |B|. */
  readonly minibatchSize: number;
  /** E: synthesis events before completion (0 for a variant that does not synthesize). */
  readonly epochs: number;
  /** P: steps without a validation gain that trigger an event and, after the last, stop the run. */
  readonly patience: number;
  /** K: generation attempts per event (0 for a variant that does not synthesize). */
  readonly attempts: number;
  /** Whether the variant files failures and calls the assigner (`forge`, `failure-memory`). */
  readonly assigns: boolean;
  /**
   * Whether the run stops at completion (`stopAtCompletion`: a suite's reference). Default true.
   * When false the run has no stop of its own before the ceiling (an aligned cell, a plain
   * `optimize`): it spends the ceiling, and the typical shares say how many steps reflect.
   */
  readonly completes?: boolean;
}

/**
 * The typical spend of a Forge variant run to completion (B.4): (E + 1)·P steps at the least, a
 * quarter more for the gains that restart the count; each step spends 2·|B| evaluations and an
 * accepted proposal (a quarter of them) |V| more; a step reflects when any of its |B|
 * evaluations is imperfect and the assigner sees each imperfect one (40% of them); every event
 * runs its K attempts. Never above the ceiling: a run the ceiling stops first spends the ceiling.
 */
export function forgeExpectedSpend(input: ForgeExpectedSpendInput): MethodExpectedSpend {
  const typical = forgeTypicalRun;
  const completes = input.completes ?? true;
  const fewest = (input.epochs + 1) * input.patience;
  const wantedSteps = completes
    ? Math.ceil(fewest * (1 + typical.extraStepShare))
    : Number.POSITIVE_INFINITY;
  const perStep = 2 * input.minibatchSize + typical.acceptedShare * input.validationSize;
  const affordableSteps = Math.max(
    0,
    Math.floor((input.maxEvaluations - input.validationSize) / perStep),
  );
  const steps = Math.min(wantedSteps, affordableSteps);
  const capped = affordableSteps < wantedSteps;
  const evaluations = capped
    ? input.maxEvaluations
    : Math.min(input.maxEvaluations, Math.round(input.validationSize + steps * perStep));
  const reflecting = 1 - (1 - typical.imperfectShare) ** input.minibatchSize;
  const calls: Record<string, number> = { reflect: Math.round(steps * reflecting) };
  if (input.assigns)
    calls['assign'] = Math.round(steps * input.minibatchSize * typical.imperfectShare);
  // An event comes after P steps without a gain (a quarter more with the gains that restart the
  // count): a run the ceiling stops first holds only the events its steps reach.
  const events = Math.min(
    input.epochs,
    Math.floor(steps / (input.patience * (1 + typical.extraStepShare))),
  );
  if (input.attempts > 0 && events > 0) {
    calls['generate'] = input.attempts * events;
    calls['verify'] = input.attempts * events;
  }
  return {
    taskEvaluations: evaluations,
    optimizerCalls: calls,
    basis: !completes
      ? `no stop of its own before the ceiling (${input.maxEvaluations}): ${steps} typical steps fit, each 2·|B| = ${2 * input.minibatchSize} evaluations, a quarter of them accepted (|V| = ${input.validationSize} more), ${Math.round(reflecting * 100)}% reflecting; ${events} synthesis event(s) reached; shares read off the simulated world`
      : capped
        ? `the ceiling (${input.maxEvaluations}) comes before a typical completion of ${wantedSteps} steps`
        : `a typical run to completion: (E + 1)·P = ${fewest} steps at the least and a quarter more for validation gains (${steps}), each 2·|B| = ${2 * input.minibatchSize} evaluations, a quarter of them accepted (|V| = ${input.validationSize} more); shares read off the simulated world`,
  };
}
