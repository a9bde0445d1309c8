import { getMaxListeners, setMaxListeners } from 'node:events';
import { createLimiter, evaluateMany, RunMismatchError } from '@forge/method';
import { type Instance, seedPrompts as programSeedPrompts } from '@forge/program';
import { InvalidArgumentError, withCallMetadata } from '@forge/provider';
import type { SearchEvent } from '../events/search-event.js';
import { buildSearchResult, type SearchResult } from '../result/search-result.js';
import { SelectionIndex } from '../selection/selection-index.js';
import { reduceSearch } from '../state/reduce-search.js';
import type { SearchAction } from '../state/search-action.js';
import { createSearchState, type SearchState, type StepRecord } from '../state/search-state.js';
import {
  firstStopReason,
  maxEvaluations,
  maxOptimizerCost,
  maxSteps,
  maxWallTime,
  type StopContext,
  type StopRule,
  stopAtCompletion,
  stopAtPerfectScore,
  stopOnSignal,
} from '../stop/stop-rules.js';
import { type CommitDetails, MemoryRunStore, type RunHeader } from '../store/run-store.js';
import { answerEventsOf, createContractMonitor } from '../warnings/contract-monitor.js';
import { executeStep, type StepContext, taskUsage } from './execute-step.js';
import { executeSynthesis, shouldSynthesize } from './execute-synthesis.js';
import type { SearchOptions } from './search-options.js';

/** Abort listeners one call in flight may hold at once, with room to spare. */
const listenersPerCall = 8;

/**
 * Forge's prompt search (Algorithm 1): evaluates the seed on V, then runs steps until a stop rule
 * fires, saving every step atomically. With a store that already holds this run, it replays the
 * saved actions and continues exactly where the run stopped.
 */
export async function runSearch(options: SearchOptions): Promise<SearchResult> {
  const seed = options.seed ?? 0;
  const minibatchSize = options.minibatchSize ?? 3;
  checkOptions(options, minibatchSize);
  const prompts = options.seedPrompts ?? programSeedPrompts(options.program);
  const header: RunHeader = {
    formatVersion: 1,
    seed,
    minibatchSize,
    modules: options.program.modules.map((module) => module.name),
    seedPrompts: prompts,
    trainingIds: options.train.map((instance) => instance.id),
    validationIds: options.validation.map((instance) => instance.id),
    settings:
      options.synthesis === undefined
        ? {}
        : {
            variant: options.synthesis.variant,
            attempts: options.synthesis.attempts,
            epochs: options.synthesis.epochs,
            patience: options.synthesis.patience,
          },
  };
  const store = options.store ?? new MemoryRunStore();
  let saved = await store.load();
  const resumed = saved !== undefined;
  let state = createSearchState({
    seed,
    modules: header.modules,
    minibatchSize,
    trainingIds: header.trainingIds,
    validationIds: header.validationIds,
  });
  // The step records are kept beside the state (they decide nothing, and copying a growing
  // list into every new state would make each step cost more than the last).
  const history: StepRecord[] = [];
  const apply = (current: SearchState, action: SearchAction): SearchState => {
    const next = reduceSearch(current, action);
    if (action.type === 'step-completed') {
      history.push({ ...action.record, improved: next.bestCandidate !== current.bestCandidate });
    }
    return next;
  };
  if (saved === undefined) {
    await store.initialize(header);
  } else {
    checkHeader(saved.header, header);
    for (const action of saved.actions) state = apply(state, action);
    // The replayed log is not needed again; a long run should not carry a second copy of it.
    saved = undefined;
  }

  const instances = new Map<string, Instance>();
  for (const instance of options.train) instances.set(instance.id, instance);
  for (const instance of state.syntheticInstances) instances.set(instance.id, instance);
  const instance = (id: string): Instance => {
    const found = instances.get(id);
    if (found === undefined) throw new Error(`unknown training instance ${id}`);
    return found;
  };

  let pending: SearchEvent[] = [];
  const contracts = createContractMonitor();
  const emit = (event: SearchEvent) => {
    // Per-evaluation progress is for live displays only; the saved events are the decisions.
    if (event.type !== 'evaluation-end') pending.push(event);
    options.onEvent?.(event);
    for (const answer of answerEventsOf(event)) options.onEvent?.(answer);
    for (const warning of contracts.observe(event)) {
      pending.push(warning);
      options.onEvent?.(warning);
    }
  };
  const commit = async (
    actions: readonly SearchAction[],
    next?: SearchState,
    details?: CommitDetails,
  ) => {
    for (const action of actions) {
      if (next === undefined) state = apply(state, action);
      else if (action.type === 'step-completed') {
        history.push({ ...action.record, improved: next.bestCandidate !== state.bestCandidate });
      }
    }
    if (next !== undefined) state = next;
    const events = pending;
    pending = [];
    await store.append({
      actions,
      events,
      state,
      ...(details === undefined ? {} : { details }),
    });
  };

  const clock = options.clock ?? Date.now;
  const started = clock();
  const concurrency = options.concurrency ?? Math.max(options.validation.length, minibatchSize);
  const limit = createLimiter(concurrency);
  if (options.abortSignal !== undefined) {
    // Every call in flight listens to the abort signal (its timeout, its retry wait, …): with
    // dozens in flight, Node's default of 10 listeners would report a leak that is not one.
    raiseListenerLimit(options.abortSignal, concurrency * listenersPerCall);
  }
  // Derived from the pool, never saved: rows join in pool order, so after a resume the index
  // catches up with the replayed pool at the first selection.
  const selection = new SelectionIndex(header.validationIds.length);
  const context: StepContext = {
    options,
    seed,
    minibatchSize,
    instance,
    validation: options.validation,
    limit,
    emit,
    weights: (current) => {
      for (
        let candidate = selection.candidates;
        candidate < current.candidates.length;
        candidate++
      ) {
        selection.add(current.validationScores[candidate] as readonly number[]);
      }
      return selection.weights();
    },
  };
  const rules = stopRules(options);
  const perfectRules = options.stopAtPerfectScore === true ? [stopAtPerfectScore()] : [];

  emit({
    type: 'run-start',
    resumed,
    step: state.step,
    evaluationsUsed: state.evaluationsUsed,
    maxEvaluations: options.maxEvaluations,
    trainingSize: state.trainingIds.length,
    validationSize: options.validation.length,
    modules: header.modules,
  });

  let reason: string;
  try {
    if (state.candidates.length === 0) {
      const evaluations = await evaluateMany({
        program: options.program,
        evaluate: options.evaluate,
        model: withCallMetadata(options.taskModel, { target: 'validation' }),
        prompts,
        instances: options.validation,
        limit,
        abortSignal: options.abortSignal,
        onEvaluated: (evaluated) =>
          emit({
            type: 'evaluation-end',
            step: null,
            target: 'validation',
            instanceId: evaluated.instance.id,
            score: evaluated.evaluation.score,
          }),
      });
      const scores = evaluations.map((evaluated) => evaluated.evaluation.score);
      emit({
        type: 'candidate-validated',
        candidate: 0,
        parent: null,
        score: scores.reduce((total, score) => total + score, 0) / scores.length,
        improved: true,
        evaluationsUsed: scores.length,
      });
      await commit(
        [
          {
            type: 'seed-evaluated',
            prompts,
            validationScores: scores,
            usage: [taskUsage(evaluations)],
          },
        ],
        undefined,
        { validation: { candidate: 0, evaluations } },
      );
    }
    const stopContext = (): StopContext => ({
      state,
      elapsedMs: clock() - started,
      nextStepMaxEvaluations: 2 * minibatchSize + options.validation.length,
    });
    for (;;) {
      // A perfect best ends the run before anything more is spent, a due synthesis event included.
      const perfect = firstStopReason(perfectRules, stopContext());
      if (perfect !== undefined) {
        reason = perfect;
        break;
      }
      // Checked first, so that a run resumed between a step and its synthesis event runs the event.
      if (options.synthesis !== undefined && shouldSynthesize(state, options.synthesis)) {
        const training = state.trainingIds.map(instance);
        const synthesized = await executeSynthesis(context, state, options.synthesis, training);
        for (const admitted of synthesized.admitted) instances.set(admitted.id, admitted);
        await commit([synthesized]);
      }
      const stop = firstStopReason(rules, stopContext());
      if (stop !== undefined) {
        reason = stop;
        break;
      }
      const { action, details } = await executeStep(context, state);
      const before = state.bestCandidate;
      const accepted = action.accepted;
      const applied = reduceSearch(state, action);
      if (accepted !== undefined) {
        const candidate = applied.candidates[applied.candidates.length - 1];
        emit({
          type: 'candidate-validated',
          candidate: applied.candidates.length - 1,
          parent: action.record.parent,
          score: candidate?.validationScore ?? 0,
          improved: applied.bestCandidate !== before,
          evaluationsUsed: applied.evaluationsUsed,
        });
      }
      const best = applied.candidates[applied.bestCandidate];
      emit({
        type: 'step-end',
        step: action.record.step,
        outcome: action.record.outcome,
        evaluationsUsed: applied.evaluationsUsed,
        bestCandidate: applied.bestCandidate,
        bestScore: best?.validationScore ?? 0,
        stepsSinceImprovement: applied.stepsSinceImprovement,
        candidates: applied.candidates.length,
      });
      await commit([action], applied, details);
    }
  } catch (error) {
    const seedCandidate = state.candidates[0];
    const best = state.candidates[state.bestCandidate];
    options.onEvent?.({
      type: 'run-end',
      reason: 'error',
      error: error instanceof Error ? error.message : String(error),
      seedScore: seedCandidate?.validationScore ?? 0,
      bestScore: best?.validationScore ?? 0,
      bestCandidate: state.bestCandidate,
      evaluationsUsed: state.evaluationsUsed,
      steps: state.step,
      candidates: state.candidates.length,
    });
    throw error;
  }
  const result = buildSearchResult(state, reason, instance, history, contracts.warnings());
  options.onEvent?.({
    type: 'run-end',
    reason,
    seedScore: result.seedScore,
    bestScore: result.bestScore,
    bestCandidate: state.bestCandidate,
    evaluationsUsed: state.evaluationsUsed,
    steps: state.step,
    candidates: state.candidates.length,
  });
  return result;
}

function stopRules(options: SearchOptions): StopRule[] {
  const rules: StopRule[] = [maxEvaluations(options.maxEvaluations)];
  if (options.maxSteps !== undefined) rules.push(maxSteps(options.maxSteps));
  if (options.maxWallTimeMs !== undefined) rules.push(maxWallTime(options.maxWallTimeMs));
  if (options.maxOptimizerCost !== undefined)
    rules.push(maxOptimizerCost(options.maxOptimizerCost));
  if (options.stopSignal !== undefined) rules.push(stopOnSignal(options.stopSignal));
  const completion = completionSchedule(options);
  if (completion !== undefined) rules.push(stopAtCompletion(completion));
  rules.push(...(options.stopRules ?? []));
  return rules;
}

function completionSchedule(
  options: SearchOptions,
): { epochs: number; patience: number } | undefined {
  const setting = options.stopAtCompletion;
  if (setting === undefined || setting === false) return undefined;
  const given = setting === true ? {} : setting;
  const patience = given.patience ?? options.synthesis?.patience;
  if (patience === undefined) {
    throw new InvalidArgumentError({
      argument: 'stopAtCompletion',
      message: 'stopAtCompletion: needs a patience P (give it, or give the synthesis options)',
    });
  }
  return { epochs: given.epochs ?? options.synthesis?.epochs ?? 0, patience };
}

function checkOptions(options: SearchOptions, minibatchSize: number): void {
  const fail = (argument: string, message: string) => {
    throw new InvalidArgumentError({ argument, message: `${argument}: ${message}` });
  };
  if (!Number.isInteger(minibatchSize) || minibatchSize < 1)
    fail('minibatchSize', 'must be a positive integer');
  if (options.train.length === 0) fail('train', 'the training set is empty');
  if (options.validation.length === 0) fail('validation', 'the validation set is empty');
  if (options.program.modules.length === 0) fail('program', 'the program has no module');
  if (
    !Number.isInteger(options.maxEvaluations) ||
    options.maxEvaluations < options.validation.length
  ) {
    fail(
      'maxEvaluations',
      `must be an integer of at least |V| = ${options.validation.length} (the seed's validation pass), got ${options.maxEvaluations}`,
    );
  }
  const seen = new Set<string>();
  for (const [split, instances] of [
    ['train', options.train],
    ['validation', options.validation],
  ] as const) {
    for (const instance of instances) {
      if (seen.has(instance.id))
        fail(
          split,
          `instance id ${instance.id} appears twice (ids must be unique across train and validation)`,
        );
      seen.add(instance.id);
    }
  }
}

function checkHeader(saved: RunHeader, current: RunHeader): void {
  for (const field of [
    'formatVersion',
    'seed',
    'minibatchSize',
    'modules',
    'seedPrompts',
    'trainingIds',
    'validationIds',
    'settings',
  ] as const) {
    if (JSON.stringify(saved[field]) !== JSON.stringify(current[field])) {
      throw new RunMismatchError({
        field,
        message: `cannot resume: the saved run's ${field} differs from this configuration (start a new run, or restore the original ${field})`,
      });
    }
  }
}

function raiseListenerLimit(signal: AbortSignal, wanted: number): void {
  let current: number;
  try {
    current = getMaxListeners(signal);
  } catch {
    // Node 20 throws here for a limit of 0, which means no limit at all.
    return;
  }
  if (current < wanted) setMaxListeners(wanted, signal);
}
