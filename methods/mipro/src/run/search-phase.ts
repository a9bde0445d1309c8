import { minibatchRecord, nextHistoryPoint } from '@forge/method';
import { createRandom, type EvaluatedExecution } from '@forge/program';
import type { ComboRecord, SearchState, ValidatedCandidate } from '../mipro-state.js';
import { largestTrials, searchEvaluations } from '../plan/search-cost.js';
import { fullEvaluationTarget } from '../search/full-evaluation-target.js';
import { candidateOf, comboKey, searchSpace, selectionOf } from '../search/search-space.js';
import { presetTrials } from '../settings/mipro-presets.js';
import { suggestTpe } from '../tpe/tpe-sampler.js';
import { candidateRecords } from './candidate-record.js';
import { costModelOf } from './cost-model.js';
import { addUsage, type MiproRun } from './mipro-run.js';
import { noteProgramErrors, type ProgramError, withSearchErrors } from './program-errors.js';
import { instructionsOf } from './propose-phase.js';
import { scoreCandidate } from './score-candidate.js';

/**
 * The Bayesian search: TPE over each module's instruction and demo set. Each trial scores its
 * combination on a seeded minibatch of the validation set (or on all of it when the set is
 * small); after every `minibatchFullEvalSteps` trials, and after the last, the combination with
 * the best mean minibatch score not yet fully evaluated is scored on the whole validation set,
 * and that score joins TPE's observations too. The best fully evaluated combination wins.
 */
export async function runSearchPhase(run: MiproRun): Promise<string | undefined> {
  if (run.state.phase !== 'search') return undefined;
  if (run.state.search === undefined) await planSearch(run);
  const { context } = run;
  const instructions = instructionsOf(run);
  const demoSets = run.state.demoSets ?? [];
  for (;;) {
    const search = run.state.search as SearchState;
    const parameters = spaceOf(run);
    const cost = search.cost;
    const ceiling = context.budget.maxEvaluations;
    if (search.fullEvaluationDue) {
      const stop = run.stopRequested();
      if (stop !== undefined) return stop;
      await fullEvaluation(run);
      continue;
    }
    if (search.trial >= search.trials) break;
    const stop = run.stopRequested();
    if (stop !== undefined) return stop;
    if (context.budget.maxSteps !== undefined && search.trial >= context.budget.maxSteps) {
      return 'step limit';
    }
    const trial = search.trial + 1;
    const params = suggestTpe(
      search.space.choices,
      search.observations,
      createRandom(context.seed, 'mipro', 'tpe', trial),
    );
    const key = comboKey(params);
    const known = search.combos[key];
    const selection = selectionOf(run.modules, parameters, params);
    const candidate = candidateOf(selection, instructions, demoSets);
    const dueAfter =
      cost.minibatch && (trial % cost.fullEvalSteps === 0 || trial === search.trials);
    const reused = !cost.minibatch && known?.validation !== undefined;
    const needed = reused
      ? 0
      : (cost.minibatch ? cost.minibatchSize : cost.validationSize) +
        (dueAfter ? cost.validationSize : 0);
    if (run.state.evaluationsUsed + needed > ceiling) return 'evaluation budget';

    let score: number;
    let evaluations = 0;
    let usage = {};
    let trialEvaluations: readonly EvaluatedExecution[] = [];
    let errors: readonly ProgramError[] = [];
    let combo: ComboRecord = known ?? { params, minibatchScores: [] };
    let candidates = search.candidates;
    let best = search.best;
    let history = search.history;
    if (reused) {
      score = known?.validation ?? 0;
    } else {
      const instances = cost.minibatch
        ? createRandom(context.seed, 'mipro', 'minibatch', trial)
            .shuffle(run.validation)
            .slice(0, cost.minibatchSize)
        : run.validation;
      const result = await scoreCandidate(run, candidate, instances, {
        target: 'trial',
        step: trial - 1,
      });
      score = result.score;
      evaluations = result.evaluations;
      trialEvaluations = result.evaluated;
      usage = result.usage;
      errors = result.errors;
      if (cost.minibatch) {
        combo = { ...combo, minibatchScores: [...combo.minibatchScores, score] };
      } else {
        const validated = validate(run, { params, validation: score, trial, evaluations });
        combo = { ...combo, validation: score, candidate: validated.index };
        ({ candidates, best, history } = validated);
      }
    }
    const evaluationsUsed = run.state.evaluationsUsed + evaluations;
    const next: SearchState = {
      ...search,
      trial,
      fullEvaluationDue: dueAfter,
      observations: [...search.observations, { params, value: score }],
      combos: { ...search.combos, [key]: combo },
      candidates,
      best,
      history,
      trialsReused: search.trialsReused + (reused ? 1 : 0),
    };
    await run.commit(
      {
        ...run.state,
        evaluationsUsed,
        usage: addUsage(run.state.usage, usage),
        search: next,
        ...withSearchErrors(run.state, errors),
      },
      [
        {
          kind: 'trial',
          step: trial - 1,
          data: {
            trial,
            params,
            selection,
            score,
            scoredOn: reused ? 'reused' : cost.minibatch ? 'minibatch' : 'validation',
            evaluations,
            evaluationsUsed,
            ...(errors.length === 0 ? {} : { errors }),
          },
        },
        // A minibatch trial's executions; the best candidate's on these validation instances are
        // in its validation pass.
        ...(cost.minibatch && !reused
          ? [
              minibatchRecord({
                step: trial - 1,
                parent: search.best,
                parentEvaluations: [],
                proposalEvaluations: trialEvaluations,
              }),
            ]
          : []),
        ...(cost.minibatch || reused
          ? []
          : [
              ...candidateRecords({
                index: next.candidates.length - 1,
                origin: 'trial',
                trial,
                params,
                selection,
                candidate,
                evaluated: trialEvaluations,
                validation: score,
                evaluationsUsed,
                errors,
              }),
            ]),
      ],
    );
    noteProgramErrors(run, `trial ${trial}`, errors, score, trial - 1);
    if (!cost.minibatch && !reused) announceCandidate(run, next);
    context.onEvent({
      type: 'step-end',
      step: trial - 1,
      outcome: reused
        ? `trial ${trial}: combination already validated (${score.toFixed(3)})`
        : cost.minibatch
          ? `trial ${trial}: ${score.toFixed(3)} on a minibatch of ${cost.minibatchSize}`
          : `trial ${trial}: ${score.toFixed(3)} on validation`,
      evaluationsUsed,
      bestCandidate: next.best,
      bestScore: next.candidates[next.best]?.validation ?? 0,
      candidates: next.candidates.length,
    });
  }
  return undefined;
}

/** Plans the search from what the ceiling leaves (B.4) and records the seed as TPE's first observation. */
async function planSearch(run: MiproRun): Promise<void> {
  const { context, settings } = run;
  const cost = costModelOf(settings, run.validation.length);
  const instructions = instructionsOf(run);
  const demoSets = run.state.demoSets ?? [];
  const zeroShot = settings.maxBootstrappedDemos === 0 && settings.maxLabeledDemos === 0;
  const parameters = searchSpace({
    modules: run.modules,
    instructions,
    demoSets,
    searchDemos: !zeroShot,
  });
  // The seed is already paid for: what is left must hold the trials and their full evaluations.
  const spent = run.state.evaluationsUsed;
  const available = context.budget.maxEvaluations - spent + cost.validationSize;
  const cap =
    settings.trials === 'ceiling'
      ? undefined
      : settings.trials === 'preset'
        ? presetTrials(
            run.modules.length * (zeroShot ? 1 : 2),
            settings.candidates ?? demoSets.length,
          )
        : settings.trials;
  const trials = parameters.length === 0 ? 0 : largestTrials(available, cost, cap);
  const estimatedEvaluations = spent - cost.validationSize + searchEvaluations(trials, cost);
  const seedValidation = run.state.seedValidation ?? 0;
  const zeros = parameters.map(() => 0);
  const seedPoint = nextHistoryPoint(undefined, {
    // The seed was validated first, when nothing else had been spent.
    evaluationsUsed: cost.validationSize,
    candidate: 0,
    validation: seedValidation,
    step: null,
  });
  const search: SearchState = {
    trials,
    cost,
    estimatedEvaluations,
    space: {
      names: parameters.map((parameter) => parameter.name),
      choices: parameters.map((parameter) => parameter.choices),
    },
    trial: 0,
    fullEvaluationDue: false,
    observations: parameters.length === 0 ? [] : [{ params: zeros, value: seedValidation }],
    // `paper` counts the seed's combination as tried and validated, so the search never scores
    // it again. DSPy starts with no fully evaluated combination (mipro_optimizer_v2.py:552–554):
    // `reference` scores it again when a trial picks it without minibatches, and gives it a full
    // evaluation when its minibatch mean is the best.
    combos:
      settings.profile === 'reference'
        ? {}
        : {
            [comboKey(zeros)]: {
              params: zeros,
              minibatchScores: [],
              validation: seedValidation,
              candidate: 0,
            },
          },
    candidates: [
      {
        params: zeros,
        validation: seedValidation,
        trial: null,
        evaluationsUsed: cost.validationSize,
      },
    ],
    best: 0,
    history: [seedPoint],
    fullEvaluationsSkipped: 0,
    trialsReused: 0,
  };
  const plan = {
    trials,
    parameters: parameters.map((parameter) => ({
      name: parameter.name,
      choices: parameter.choices,
    })),
    minibatch: cost.minibatch,
    minibatchSize: cost.minibatchSize,
    validationSize: cost.validationSize,
    fullEvalSteps: cost.fullEvalSteps,
    evaluationsSpent: spent,
    estimatedEvaluations,
    maxEvaluations: context.budget.maxEvaluations,
  };
  await run.commit({ ...run.state, search }, [{ kind: 'search-plan', step: null, data: plan }]);
  run.note(
    'trials-planned',
    `${trials} trials (${cost.minibatch ? `minibatches of ${cost.minibatchSize}, a full evaluation every ${cost.fullEvalSteps}` : 'each on the whole validation set'}): estimated ${estimatedEvaluations} of ${context.budget.maxEvaluations} evaluations`,
    plan,
  );
}

/** The periodic full evaluation of the best-scoring minibatch combination not yet validated. */
async function fullEvaluation(run: MiproRun): Promise<void> {
  const search = run.state.search as SearchState;
  const key = fullEvaluationTarget(search.combos);
  if (key === undefined) {
    await run.commit({
      ...run.state,
      search: {
        ...search,
        fullEvaluationDue: false,
        fullEvaluationsSkipped: search.fullEvaluationsSkipped + 1,
      },
    });
    run.note(
      'full-evaluation-skipped',
      'every combination tried has its full validation score already',
      undefined,
      search.trial - 1,
    );
    return;
  }
  const combo = search.combos[key] as ComboRecord;
  const selection = selectionOf(run.modules, spaceOf(run), combo.params);
  const candidate = candidateOf(selection, instructionsOf(run), run.state.demoSets ?? []);
  const { evaluated, usage, errors, evaluations, score } = await scoreCandidate(
    run,
    candidate,
    run.validation,
    { target: 'validation', step: search.trial - 1 },
  );
  const validation = score;
  const validated = validate(run, {
    params: combo.params,
    validation,
    trial: search.trial,
    evaluations,
  });
  const next: SearchState = {
    ...search,
    fullEvaluationDue: false,
    observations: [...search.observations, { params: combo.params, value: validation }],
    combos: { ...search.combos, [key]: { ...combo, validation, candidate: validated.index } },
    candidates: validated.candidates,
    best: validated.best,
    history: validated.history,
  };
  await run.commit(
    {
      ...run.state,
      evaluationsUsed: run.state.evaluationsUsed + evaluations,
      usage: addUsage(run.state.usage, usage),
      search: next,
      ...withSearchErrors(run.state, errors),
    },
    [
      ...candidateRecords({
        index: validated.index,
        origin: 'full-evaluation',
        trial: search.trial,
        params: combo.params,
        selection,
        candidate,
        evaluated,
        validation,
        evaluationsUsed: run.state.evaluationsUsed + evaluations,
        errors,
      }),
    ],
  );
  noteProgramErrors(
    run,
    `the full evaluation after trial ${search.trial}`,
    errors,
    validation,
    search.trial - 1,
  );
  announceCandidate(run, next);
}

/** The search state's candidates, best and history with one more validated candidate. */
function validate(
  run: MiproRun,
  entry: { params: readonly number[]; validation: number; trial: number; evaluations: number },
): Pick<SearchState, 'candidates' | 'best' | 'history'> & { index: number } {
  const search = run.state.search as SearchState;
  const index = search.candidates.length;
  const evaluationsUsed = run.state.evaluationsUsed + entry.evaluations;
  const candidate: ValidatedCandidate = {
    params: entry.params,
    validation: entry.validation,
    trial: entry.trial,
    evaluationsUsed,
  };
  const point = nextHistoryPoint(search.history.at(-1), {
    evaluationsUsed,
    candidate: index,
    validation: entry.validation,
    step: entry.trial - 1,
  });
  return {
    index,
    candidates: [...search.candidates, candidate],
    best: point.bestCandidate,
    history: [...search.history, point],
  };
}

function announceCandidate(run: MiproRun, search: SearchState): void {
  const index = search.candidates.length - 1;
  const candidate = search.candidates[index] as ValidatedCandidate;
  run.context.onEvent({
    type: 'candidate-validated',
    candidate: index,
    parent: null,
    score: candidate.validation,
    improved: search.best === index,
    evaluationsUsed: candidate.evaluationsUsed,
  });
}

function spaceOf(run: MiproRun) {
  const zeroShot = run.settings.maxBootstrappedDemos === 0 && run.settings.maxLabeledDemos === 0;
  return searchSpace({
    modules: run.modules,
    instructions: instructionsOf(run),
    demoSets: run.state.demoSets ?? [],
    searchDemos: !zeroShot,
  });
}
