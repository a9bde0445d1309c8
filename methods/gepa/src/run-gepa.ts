import {
  checkCheckpointHeader,
  type MethodContext,
  type MethodResult,
  optimizerUsage,
  raiseAbortListenerLimit,
  validationPassRecord,
} from '@forge/method';
import { addTaskUsage } from './add-usage.js';
import { createGepaEnvironment } from './create-gepa-environment.js';
import type { GepaEnvironment, IterationOutcome } from './gepa-environment.js';
import type { GepaSettings } from './gepa-settings.js';
import { bestCandidateIndex, type GepaState, initialGepaState, scoresById } from './gepa-state.js';
import { mergeIteration, mergeScheduled } from './merge-iteration.js';
import { reflectiveIteration, scoresOf } from './reflective-iteration.js';

/** Version of the saved state's shape. */
export const gepaFormatVersion = 1;

/**
 * Runs (or resumes) GEPA: the seed's validation pass, then iterations — a merge when one is
 * due, else a reflective mutation — until a stop rule fires. Under the `paper` profile no
 * iteration starts unless its worst case fits the evaluation ceiling; under `reference` one
 * starts whenever the ceiling is not yet reached. The state is saved after every iteration.
 */
export async function runGepa(
  methodId: string,
  settings: GepaSettings,
  context: MethodContext,
): Promise<MethodResult> {
  // Task calls and reflections in flight each listen to the abort signal.
  raiseAbortListenerLimit(context.abortSignal, context.concurrency * 2);
  const started = context.clock();
  const components = context.benchmark.program.modules.map((module) => module.name);
  const batchSize = settings.reflectionMinibatchSize ?? context.minibatchSize;
  const header = {
    method: methodId,
    formatVersion: gepaFormatVersion,
    identity: {
      seed: context.seed,
      // Runs saved before profiles existed were `paper` runs and stay resumable.
      settings: settings.profile === 'paper' ? withoutProfile(settings) : settings,
      batchSize,
      components,
      trainingIds: context.train.map((instance) => instance.id),
      validationIds: context.validation.map((instance) => instance.id),
    },
  };
  const checkpoints = context.storage.checkpoints;
  const saved = await checkpoints.load();
  if (saved === undefined) await checkpoints.initialize(header);
  else checkCheckpointHeader(saved.header, header);

  const environment = createGepaEnvironment(methodId, settings, context, components, batchSize);
  let state = saved?.state as GepaState | undefined;
  context.onEvent({
    type: 'run-start',
    resumed: state !== undefined,
    step: state?.iteration ?? 0,
    evaluationsUsed: state?.evaluationsUsed ?? 0,
    maxEvaluations: context.budget.maxEvaluations,
    trainingSize: context.train.length,
    validationSize: context.validation.length,
    modules: components,
  });
  if (state === undefined) {
    if (context.validation.length > context.budget.maxEvaluations) {
      throw new RangeError(
        `budget.maxEvaluations (${context.budget.maxEvaluations}) is below the validation size (${context.validation.length}); the seed alone needs a full validation pass`,
      );
    }
    const seedEvaluations = await environment.evaluate(
      context.seedCandidate.prompts,
      context.validation,
      'validation',
      -1,
    );
    state = initialGepaState({
      prompts: context.seedCandidate.prompts,
      scores: scoresOf(seedEvaluations),
      usage: addTaskUsage({}, seedEvaluations),
    });
    await checkpoints.save({
      state,
      records: [
        {
          kind: 'candidate',
          step: null,
          data: {
            candidate: 0,
            parents: [],
            origin: 'seed',
            validation: state.candidates[0]?.validation,
            prompts: state.candidates[0]?.prompts,
            validationScores: scoresById(context.validation, state.candidates[0]?.scores ?? []),
            evaluationsUsed: state.evaluationsUsed,
          },
        },
        validationPassRecord(0, null, seedEvaluations),
      ],
    });
    context.onEvent({
      type: 'candidate-validated',
      candidate: 0,
      parent: null,
      score: state.candidates[0]?.validation ?? 0,
      improved: true,
      evaluationsUsed: state.evaluationsUsed,
    });
  }

  let stopReason: string;
  for (;;) {
    const reason = stopReasonOf(state, environment, context, context.clock() - started);
    if (reason !== undefined) {
      stopReason = reason;
      break;
    }
    let outcome: IterationOutcome;
    if (mergeScheduled(state, environment)) {
      const merged = await mergeIteration(state, environment);
      outcome =
        'fellThrough' in merged
          ? await reflectiveIteration(merged.fellThrough, environment)
          : merged;
    } else {
      outcome = await reflectiveIteration(
        { ...state, merge: { ...state.merge, lastIterationFoundNew: false } },
        environment,
      );
    }
    state = outcome.state;
    await checkpoints.save({ state, records: outcome.records });
    const best = bestCandidateIndex(state);
    context.onEvent({
      type: 'step-end',
      step: state.iteration - 1,
      outcome: outcome.outcome,
      evaluationsUsed: state.evaluationsUsed,
      bestCandidate: best,
      bestScore: state.candidates[best]?.validation ?? 0,
      candidates: state.candidates.length,
    });
  }
  return {
    ...resultOf(state, stopReason, settings),
    ...(settings.profile === 'reference' ? { ceilingNote: referenceCeilingNote(environment) } : {}),
  };
}

/**
 * What the `reference` profile's budget rule means for the ceiling, in one sentence: an
 * iteration starts whenever the ceiling is not reached and costs at most its worst case.
 */
export function referenceCeilingNote(environment: GepaEnvironment): string {
  const worst = Math.max(
    2 * environment.batchSize,
    environment.settings.useMerge ? environment.settings.mergeSubsampleSize : 0,
  );
  const most = worst + environment.validation.length - 1;
  return `profile reference checks the evaluation ceiling only at the top of each iteration, as gepa-ai/gepa does, so the last iteration may overshoot it by up to ${most} evaluations.`;
}

/** The most evaluations the next iteration may spend, counted at its worst. */
export function nextIterationWorstCase(state: GepaState, environment: GepaEnvironment): number {
  const validation = environment.validation.length;
  const reflective = 2 * environment.batchSize + validation;
  // A due merge that finds no pair falls through to a reflective step in the same iteration.
  return mergeScheduled(state, environment)
    ? Math.max(reflective, environment.settings.mergeSubsampleSize + validation)
    : reflective;
}

function stopReasonOf(
  state: GepaState,
  environment: GepaEnvironment,
  context: MethodContext,
  elapsedMs: number,
): string | undefined {
  const { budget } = context;
  if (context.stopSignal?.aborted) return 'stop requested';
  if (environment.settings.profile === 'reference') {
    // The reference's `MaxMetricCallsStopper` (stop_condition.py:171–173), checked only at the
    // top of the loop (engine.py:936): an iteration that starts below the ceiling runs to its
    // end, so a run may overshoot by up to 2b + |V| (a merge's subsample plus |V|).
    if (state.evaluationsUsed >= budget.maxEvaluations) {
      return `evaluation budget (${state.evaluationsUsed} of ${budget.maxEvaluations} used; reference profile: checked at the top of each iteration)`;
    }
  } else {
    const worst = nextIterationWorstCase(state, environment);
    if (state.evaluationsUsed + worst > budget.maxEvaluations) {
      return `evaluation budget (${state.evaluationsUsed} of ${budget.maxEvaluations} used; the next iteration may need ${worst})`;
    }
  }
  if (budget.maxSteps !== undefined && state.iteration >= budget.maxSteps) {
    return `step limit (${budget.maxSteps})`;
  }
  if (budget.maxWallTimeMs !== undefined && elapsedMs >= budget.maxWallTimeMs) {
    return `wall-time limit (${Math.round(budget.maxWallTimeMs / 1000)} s)`;
  }
  const spent = optimizerUsage(state.usage);
  const cost = budget.maxOptimizerCost;
  if (cost?.usd !== undefined && spent.costUsd >= cost.usd) {
    return `optimizer cost limit ($${cost.usd})`;
  }
  if (cost?.tokens !== undefined && spent.inputTokens + spent.outputTokens >= cost.tokens) {
    return `optimizer token limit (${cost.tokens})`;
  }
  return undefined;
}

function resultOf(state: GepaState, stopReason: string, settings: GepaSettings): MethodResult {
  const best = bestCandidateIndex(state);
  const seed = state.candidates[0];
  const chosen = state.candidates[best] ?? seed;
  return {
    stopReason,
    seedCandidate: { prompts: seed?.prompts ?? {} },
    bestCandidate: { prompts: chosen?.prompts ?? {} },
    bestCandidateIndex: best,
    seedValidation: seed?.validation ?? 0,
    bestValidation: chosen?.validation ?? 0,
    evaluationsUsed: state.evaluationsUsed,
    steps: state.iteration,
    candidates: state.candidates.length,
    usage: state.usage,
    history: state.history,
    summary: {
      iterations: state.iteration,
      accepted: state.counts.accepted,
      rejected: state.counts.rejected,
      skippedPerfect: state.counts.skippedPerfect,
      noProposal: state.counts.noProposal,
      reflectionFailed: state.counts.reflectionFailed ?? 0,
      profile: settings.profile,
      useMerge: settings.useMerge,
      mergesTested: state.counts.mergesTested,
      mergesAccepted: state.counts.mergesAccepted,
      maxMergeInvocations: settings.maxMergeInvocations,
      candidateSelection: settings.candidateSelection,
      componentSelection: settings.componentSelection,
      lineage: state.candidates.map((candidate, index) => ({
        candidate: index,
        parents: candidate.parents,
        origin: candidate.origin,
        validation: candidate.validation,
        ...(candidate.ancestor === undefined ? {} : { ancestor: candidate.ancestor }),
      })),
    },
  };
}

function withoutProfile(settings: GepaSettings): Omit<GepaSettings, 'profile'> {
  const { profile: _profile, ...rest } = settings;
  return rest;
}
