import {
  checkCheckpointHeader,
  createLimiter,
  type MethodContext,
  type MethodResult,
  raiseAbortListenerLimit,
} from '@forge/method';
import { createRandom } from '@forge/program';
import { planDemoSets } from '../bootstrap/demo-set-plan.js';
import { type MiproState, miproFormatVersion, type SearchState } from '../mipro-state.js';
import { initialProposalState } from '../propose/proposal-plan.js';
import { candidateOf, searchSpace, selectionOf } from '../search/search-space.js';
import { miproPresets } from '../settings/mipro-presets.js';
import { type MiproSettings, parseMiproSettings } from '../settings/mipro-settings.js';
import { runBootstrapPhase } from './bootstrap-phase.js';
import { createMiproRun, type MiproRun } from './mipro-run.js';
import { candidateCount, instructionsOf, runProposePhase } from './propose-phase.js';
import { runSearchPhase } from './search-phase.js';
import { runSeedPhase } from './seed-phase.js';

/** Runs (or resumes) MIPROv2 in a method context. */
export async function runMipro(context: MethodContext): Promise<MethodResult> {
  // Task calls and proposal calls in flight each listen to the abort signal.
  raiseAbortListenerLimit(context.abortSignal, context.concurrency * 2);
  const settings = parseMiproSettings(context.settings);
  const modules = context.benchmark.program.modules.map((module) => module.name);
  const validationIds = validationSubsample(context, settings);
  const header = {
    method: 'mipro',
    formatVersion: miproFormatVersion,
    identity: {
      seed: context.seed,
      // Runs saved before profiles existed were `paper` runs with the task model as teacher and
      // stay resumable.
      settings: identitySettings(settings),
      // `reference` runs follow DSPy 3.3.1 more closely since revision 2 (the errors, the seed's
      // combination, the proposal stage): a run saved by revision 1 does not resume under 2.
      ...(settings.profile === 'reference' ? { referenceRevision: 2 } : {}),
      modules,
      train: context.train.map((instance) => instance.id),
      validation: context.validation.map((instance) => instance.id),
    },
  };
  const saved = await context.storage.checkpoints.load();
  if (saved === undefined) await context.storage.checkpoints.initialize(header);
  else checkCheckpointHeader(saved.header, header);
  const state =
    (saved?.state as MiproState | undefined) ?? initialState(context, settings, validationIds);
  const byId = new Map(context.validation.map((instance) => [instance.id, instance]));
  const validation = state.validationIds.flatMap((id) => {
    const instance = byId.get(id);
    return instance === undefined ? [] : [instance];
  });
  const run = createMiproRun({
    context,
    settings,
    state,
    validation,
    limit: createLimiter(context.concurrency),
    startedAt: context.clock(),
  });
  context.onEvent({
    type: 'run-start',
    resumed: saved?.state !== undefined,
    step: state.search?.trial ?? 0,
    evaluationsUsed: state.evaluationsUsed,
    maxEvaluations: context.budget.maxEvaluations,
    trainingSize: context.train.length,
    validationSize: validation.length,
    modules,
  });
  if (state.phase === 'done') return resultOf(run, state.stopReason ?? 'completed');
  await runSeedPhase(run);
  const stopped =
    (await runBootstrapPhase(run)) ?? (await runProposePhase(run)) ?? (await runSearchPhase(run));
  if (stopped !== undefined) return resultOf(run, stopped);
  const search = run.state.search as SearchState;
  const gap = search.estimatedEvaluations - run.state.evaluationsUsed;
  const stopReason = `completed ${search.trial} of ${search.trials} trials`;
  await run.commit({ ...run.state, phase: 'done', stopReason }, [
    {
      kind: 'search-end',
      step: search.trial === 0 ? null : search.trial - 1,
      data: {
        trials: search.trial,
        estimatedEvaluations: search.estimatedEvaluations,
        evaluationsUsed: run.state.evaluationsUsed,
        gap,
        fullEvaluationsSkipped: search.fullEvaluationsSkipped,
        trialsReused: search.trialsReused,
        programErrors: run.state.searchErrors ?? 0,
      },
    },
  ]);
  run.note(
    'search-complete',
    `${search.trial} trials: ${run.state.evaluationsUsed} evaluations spent, ${gap} under the estimate of ${search.estimatedEvaluations}`,
    {
      estimatedEvaluations: search.estimatedEvaluations,
      evaluationsUsed: run.state.evaluationsUsed,
      gap,
    },
  );
  return resultOf(run, stopReason);
}

function initialState(
  context: MethodContext,
  settings: MiproSettings,
  validationIds: string[],
): MiproState {
  const zeroShot = settings.maxBootstrappedDemos === 0 && settings.maxLabeledDemos === 0;
  return {
    phase: 'seed',
    evaluationsUsed: 0,
    usage: {},
    validationIds,
    bootstrap: {
      specs: planDemoSets({
        trainIds: context.train.map((instance) => instance.id),
        count: candidateCount(settings),
        maxBootstrapped: zeroShot ? 3 : settings.maxBootstrappedDemos,
        maxLabeled: zeroShot ? 0 : settings.maxLabeledDemos,
        seed: context.seed,
      }),
      outcomes: {},
    },
    proposal: initialProposalState(),
  };
}

/** The validation instances the search uses: all of them, or a seeded subsample of the preset's size. */
function validationSubsample(context: MethodContext, settings: MiproSettings): string[] {
  const size = settings.validationSize ?? miproPresets[settings.auto].validationSize;
  const ids = context.validation.map((instance) => instance.id);
  if (ids.length <= size) return ids;
  const chosen = new Set(
    createRandom(context.seed, 'mipro', 'validation').shuffle(ids).slice(0, size),
  );
  return ids.filter((id) => chosen.has(id));
}

function resultOf(run: MiproRun, stopReason: string): MethodResult {
  const state = run.state;
  const seedValidation = state.seedValidation ?? 0;
  const search = state.search;
  const best = search?.candidates[search.best];
  const seedCandidate = run.context.seedCandidate;
  let bestCandidate = seedCandidate;
  if (search !== undefined && best !== undefined && search.best !== 0) {
    const zeroShot = run.settings.maxBootstrappedDemos === 0 && run.settings.maxLabeledDemos === 0;
    const parameters = searchSpace({
      modules: run.modules,
      instructions: instructionsOf(run),
      demoSets: state.demoSets ?? [],
      searchDemos: !zeroShot,
    });
    bestCandidate = candidateOf(
      selectionOf(run.modules, parameters, best.params),
      instructionsOf(run),
      state.demoSets ?? [],
    );
  }
  const history = search?.history ?? [
    {
      evaluationsUsed: state.validationIds.length,
      candidate: 0,
      validation: seedValidation,
      bestValidation: seedValidation,
      bestCandidate: 0,
      step: null,
    },
  ];
  return {
    stopReason,
    seedCandidate,
    bestCandidate,
    bestCandidateIndex: search?.best ?? 0,
    seedValidation,
    bestValidation: best?.validation ?? seedValidation,
    evaluationsUsed: state.evaluationsUsed,
    steps: search?.trial ?? 0,
    candidates: search?.candidates.length ?? 1,
    usage: state.usage,
    history,
    summary: summaryOf(run),
  };
}

function summaryOf(run: MiproRun): Record<string, unknown> {
  const state = run.state;
  const search = state.search;
  const outcomes = Object.values(state.bootstrap.outcomes);
  return {
    validationSize: state.validationIds.length,
    bootstrapRuns: outcomes.length,
    bootstrapPassed: outcomes.filter((outcome) => outcome.passed).length,
    demoSets: state.demoSets?.length ?? 0,
    instructionCandidates: Object.fromEntries(
      Object.entries(instructionsOf(run)).map(([module, list]) => [module, list.length]),
    ),
    proposalNoOps: state.proposal.noOps.length,
    // Program runs that raised and were counted (bootstrapping with maxErrors) or scored 0 (the
    // seed's evaluation and the search, `reference`).
    programErrors: { bootstrap: state.bootstrap.errors ?? 0, search: state.searchErrors ?? 0 },
    ...(search === undefined
      ? {}
      : {
          trialsPlanned: search.trials,
          trials: search.trial,
          minibatch: search.cost.minibatch,
          validatedCandidates: search.candidates.length,
          fullEvaluationsSkipped: search.fullEvaluationsSkipped,
          trialsReused: search.trialsReused,
          estimatedEvaluations: search.estimatedEvaluations,
          estimateGap: search.estimatedEvaluations - state.evaluationsUsed,
        }),
  };
}

function identitySettings(settings: MiproSettings): Partial<MiproSettings> {
  if (settings.profile !== 'paper' || settings.teacher !== 'task') return settings;
  const { profile: _profile, teacher: _teacher, ...rest } = settings;
  return rest;
}
