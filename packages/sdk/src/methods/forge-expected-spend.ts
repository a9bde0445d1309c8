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
  /** |T|: the training instances a parent's minibatches are drawn from. */
  readonly trainingSize: number;
  /** E: synthesis events before completion (0 for a variant that does not synthesize). */
  readonly epochs: number;
  /** P: steps without a validation gain that trigger an event and, after the last, stop the run. */
  readonly patience: number;
  /** K: generation attempts per event (0 for a variant that does not synthesize). */
  readonly attempts: number;
  /** Whether the variant files failures and calls the assigner (`forge`, `failure-memory`). */
  readonly assigns: boolean;
  /**
   * Where an event's generation seeds come from: failure-mode observations with `intents`
   * mutation intents in turn (Forge 4, failure-memory 1), or training instances (random
   * synthesis, 1). A slot draws its source uniformly with replacement, and a generator prompt is
   * its (mode, intent, source): slots that draw the same repeat a call the cache answers.
   */
  readonly seeds?: { readonly from: 'observations' | 'training'; readonly intents: number };
  /**
   * Whether the run stops at completion (`stopAtCompletion`: a suite's reference). Default true.
   * When false the run has no stop of its own before the ceiling (an aligned cell, a plain
   * `optimize`): it spends the ceiling, and the typical shares say how many steps reflect.
   */
  readonly completes?: boolean;
  /**
   * Whether the run stops once its best candidate scores 1.0 on validation (`stopAtPerfectScore`).
   * The dry run cannot know whether a program gets there, so the figure assumes it does not and
   * its basis says so.
   */
  readonly stopsAtPerfectScore?: boolean;
  /**
   * The program's module count. With more than one, a step's reflection rewrites one module's
   * prompt (round robin), and the figure says which paid evaluations differ from one the run
   * already made in that module only (`billed.oneModuleChanged`). Default 1.
   */
  readonly modules?: number;
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
  const paid = paidEvaluations(input, {
    evaluations,
    steps,
    accepted: typical.acceptedShare * steps,
  });
  const oneModuleChanged =
    (input.modules ?? 1) > 1
      ? oneModuleChangedEvaluations(input, {
          paid,
          steps,
          accepted: typical.acceptedShare * steps,
        })
      : 0;
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
  const billedCalls: Record<string, number> = { ...calls };
  if (input.attempts > 0 && events > 0) {
    calls['generate'] = input.attempts * events;
    calls['verify'] = input.attempts * events;
    const distinct = distinctGenerations(input, events, typical);
    billedCalls['generate'] = distinct;
    billedCalls['verify'] = distinct;
  }
  const repeatedGenerations = (calls['generate'] ?? 0) - (billedCalls['generate'] ?? 0);
  const generationCache =
    repeatedGenerations > 0
      ? `; ${billedCalls['generate']} of the ${calls['generate']} generation attempts draw a new seed (a slot draws its source with replacement, so a repeated (mode, intent, source) repeats a call the cache answers, and its answer is rejected as a duplicate before the verifier)`
      : '';
  const cache =
    paid < evaluations
      ? `; ${paid} of them new (prompt, instance) pairs, paid: a rejected proposal leaves its parent unchanged, so a parent's minibatch repeats instances it was evaluated on (at most |T| = ${input.trainingSize} each for the ${Math.round(1 + typical.acceptedShare * steps)} typical candidates) and the run's cache answers them`
      : '';
  const moduleCache =
    oneModuleChanged > 0
      ? `; ${oneModuleChanged} of the paid ones (each proposal on its parent's minibatch, each accepted one on V) differ from their parent's evaluation on the same instance in the one module a step's reflection rewrote (round robin over the ${input.modules}), and the cache answers their calls before that module`
      : '';
  const perfect = input.stopsAtPerfectScore
    ? '; a run that reaches a perfect validation score stops sooner (stopAtPerfectScore): this figure assumes it does not'
    : '';
  return {
    taskEvaluations: evaluations,
    optimizerCalls: calls,
    billed: {
      taskEvaluations: paid,
      ...(oneModuleChanged > 0 ? { oneModuleChanged } : {}),
      optimizerCalls: billedCalls,
    },
    basis: `${basisOf()}${cache}${moduleCache}${generationCache}${perfect}`,
  };

  function basisOf(): string {
    return !completes
      ? `no stop of its own before the ceiling (${input.maxEvaluations}): ${steps} typical steps fit, each 2·|B| = ${2 * input.minibatchSize} evaluations, a quarter of them accepted (|V| = ${input.validationSize} more), ${Math.round(reflecting * 100)}% reflecting; ${events} synthesis event(s) reached; shares read off the simulated world`
      : capped
        ? `the ceiling (${input.maxEvaluations}) comes before a typical completion of ${wantedSteps} steps`
        : `a typical run to completion: (E + 1)·P = ${fewest} steps at the least and a quarter more for validation gains (${steps}), each 2·|B| = ${2 * input.minibatchSize} evaluations, a quarter of them accepted (|V| = ${input.validationSize} more); shares read off the simulated world`;
  }
}

/**
 * The evaluations of a Forge run that are new (prompt, instance) pairs, which the run's cache
 * cannot answer: the seed on V; each step's proposal on its minibatch (a new prompt); each
 * accepted candidate on V; and of the rest — the parents' minibatches — at most |T| per
 * candidate: a parent is evaluated on an instance again whenever a later minibatch of its draws
 * it, and the cache already holds that evaluation's calls.
 */
export function paidEvaluations(
  input: Pick<ForgeExpectedSpendInput, 'validationSize' | 'minibatchSize' | 'trainingSize'>,
  run: { readonly evaluations: number; readonly steps: number; readonly accepted: number },
): number {
  const fresh =
    input.validationSize + run.steps * input.minibatchSize + run.accepted * input.validationSize;
  const parents = Math.max(0, run.evaluations - fresh);
  return Math.min(
    run.evaluations,
    Math.round(fresh + Math.min(parents, (1 + run.accepted) * input.trainingSize)),
  );
}

/**
 * The paid evaluations of a Forge run whose candidate differs from one already evaluated on the
 * same instance in one module's prompt only: each step's proposal on the minibatch its parent was
 * just evaluated on, and each accepted candidate on V, where its parent (a validated candidate)
 * was evaluated before. The seed on V and the parents' new pairs are not among them.
 */
export function oneModuleChangedEvaluations(
  input: Pick<ForgeExpectedSpendInput, 'validationSize' | 'minibatchSize'>,
  run: { readonly paid: number; readonly steps: number; readonly accepted: number },
): number {
  const changed = run.steps * input.minibatchSize + run.accepted * input.validationSize;
  return Math.round(Math.max(0, Math.min(changed, run.paid - input.validationSize)));
}

/**
 * The generation attempts of a run's events that draw a new (mode, intent, source) seed: per
 * intent, K / I slots drawing uniformly from N sources give N·(1 − (1 − 1/N)^(K/I)) distinct
 * ones. N is the training set for random synthesis, else the observations filed by the event
 * (the typical imperfect share of the minibatch evaluations of the steps before it; splitting
 * them over several modes changes the count little, since slots are allocated by support).
 */
export function distinctGenerations(
  input: Pick<
    ForgeExpectedSpendInput,
    'attempts' | 'patience' | 'minibatchSize' | 'trainingSize' | 'seeds'
  >,
  events: number,
  typical: Pick<typeof forgeTypicalRun, 'extraStepShare' | 'imperfectShare'>,
): number {
  const seeds = input.seeds;
  if (seeds === undefined) return input.attempts * events;
  let total = 0;
  for (let event = 1; event <= events; event++) {
    const sources =
      seeds.from === 'training'
        ? input.trainingSize
        : typical.imperfectShare *
          input.minibatchSize *
          event *
          input.patience *
          (1 + typical.extraStepShare);
    const perIntent = input.attempts / seeds.intents;
    total +=
      sources < 1 ? seeds.intents : seeds.intents * sources * (1 - (1 - 1 / sources) ** perIntent);
  }
  return Math.min(input.attempts * events, Math.round(total));
}
