import {
  MemoryRunStore,
  runSearch,
  type SearchEvent,
  type SearchOptions,
  type SearchResult,
  type SynthesisVariant,
} from '@forge/core';
import type {
  Method,
  MethodContext,
  MethodEstimate,
  MethodEstimateInput,
  MethodEvent,
  MethodHistoryPoint,
  MethodResult,
} from '@forge/method';
import { nextHistoryPoint } from '@forge/method';
import { createMemoryJournal, type SynthesisJournal } from '@forge/synth';
import { forgeCallShapes } from './forge-call-shapes.js';
import { forgeExpectedSpend } from './forge-expected-spend.js';
import {
  type ForgeMethodSettings,
  parseForgeMethodSettings,
  synthesisGuards,
} from './forge-method-settings.js';
import { isForgeStorage } from './forge-storage.js';

/** Forge's five variants of the paper's ablation (SPEC §10). */
export type ForgeVariant =
  | 'baseline'
  | 'prompt-search'
  | 'random-synthesis'
  | 'failure-memory'
  | 'forge';

/** The variants, in the order of the paper's Table 2. */
export const forgeVariants: readonly ForgeVariant[] = [
  'baseline',
  'prompt-search',
  'random-synthesis',
  'failure-memory',
  'forge',
];

/** A Forge run's result: the contract's fields plus the core's full search result. */
export interface ForgeMethodResult extends MethodResult {
  /** The core's result (state, lineage, step history). */
  readonly search: SearchResult;
}

/** True when a method's result came from one of Forge's variants. */
export function isForgeMethodResult(result: MethodResult): result is ForgeMethodResult {
  return 'search' in result;
}

const descriptions: Record<ForgeVariant, { title: string; description: string }> = {
  baseline: { title: 'Baseline', description: 'Evaluates the seed prompts only (no search).' },
  'prompt-search': {
    title: 'Prompt search',
    description: 'Reflective prompt search alone: no failure memory, no synthesis.',
  },
  'random-synthesis': {
    title: 'Random synthesis',
    description: 'Prompt search plus synthesis from randomly chosen training instances.',
  },
  'failure-memory': {
    title: 'Failure memory',
    description: 'Prompt search plus synthesis from failure modes with one generic intent.',
  },
  forge: {
    title: 'Forge',
    description:
      'Prompt search plus synthesis from failure modes with the four mutation intents (the full method).',
  },
};

const rolesOf: Record<ForgeVariant, readonly string[]> = {
  baseline: [],
  'prompt-search': ['reflect'],
  'random-synthesis': ['reflect', 'generate', 'verify'],
  'failure-memory': ['reflect', 'assign', 'generate', 'verify'],
  forge: ['reflect', 'assign', 'generate', 'verify'],
};

/** One of Forge's variants as a `Method`. */
export function createForgeMethod(variant: ForgeVariant): Method {
  return {
    id: variant,
    ...descriptions[variant],
    roles: rolesOf[variant],
    parseSettings: parseForgeMethodSettings,
    estimate: (input) => estimateForge(variant, input),
    run: (context) => runForge(variant, context),
  };
}

async function runForge(variant: ForgeVariant, context: MethodContext): Promise<ForgeMethodResult> {
  const settings = parseForgeMethodSettings(context.settings);
  const storage = context.storage;
  const runStore = isForgeStorage(storage) ? storage.runStore : new MemoryRunStore();
  const journal = isForgeStorage(storage) ? storage.synthesisJournal : createMemoryJournal();
  const search = await runSearch(searchOptions(variant, context, settings, runStore, journal));
  return toMethodResult(search, context.validation.length);
}

function searchOptions(
  variant: ForgeVariant,
  context: MethodContext,
  settings: ForgeMethodSettings,
  store: SearchOptions['store'],
  journal: SynthesisJournal,
): SearchOptions {
  const { benchmark, budget, models } = context;
  const schedule = { ...benchmark.synthesis, ...settings.synthesis };
  const synthesizes =
    variant === 'forge' || variant === 'failure-memory' || variant === 'random-synthesis';
  const guards = synthesisGuards(settings.guards);
  return {
    program: benchmark.program,
    evaluate: benchmark.evaluate,
    taskModel: models.task,
    optimizerModel: models.optimizer('reflect'),
    train: context.train,
    validation: context.validation,
    maxEvaluations: budget.maxEvaluations,
    seed: context.seed,
    minibatchSize: context.minibatchSize,
    concurrency: context.concurrency,
    seedPrompts: context.seedCandidate.prompts,
    ...(store === undefined ? {} : { store }),
    ...(synthesizes
      ? {
          synthesis: {
            variant: variant as SynthesisVariant,
            attempts: schedule.attempts,
            epochs: schedule.epochs,
            patience: schedule.patience,
            signature: benchmark.signature,
            ...(benchmark.synthesisTools === undefined ? {} : { tools: benchmark.synthesisTools }),
            // SPEC §2: the test set influences no decision, so only validation is guarded here.
            holdout: context.validation,
            ...(guards === undefined ? {} : { guards }),
            models: {
              assign: models.optimizer('assign'),
              generate: models.optimizer('generate'),
              verify: models.optimizer('verify'),
            },
            ...(settings.synthesis.concurrency === undefined
              ? {}
              : { concurrency: settings.synthesis.concurrency }),
            ...(settings.synthesis.maxAgentSteps === undefined
              ? {}
              : { maxAgentSteps: settings.synthesis.maxAgentSteps }),
            journal,
          },
        }
      : {}),
    // The baseline evaluates the seed and stops.
    ...(variant === 'baseline'
      ? { maxSteps: 0 }
      : budget.maxSteps === undefined
        ? {}
        : { maxSteps: budget.maxSteps }),
    ...(settings.stopAtCompletion && variant !== 'baseline'
      ? {
          stopAtCompletion: synthesizes
            ? { epochs: schedule.epochs, patience: schedule.patience }
            : { epochs: 0, patience: schedule.patience },
        }
      : {}),
    ...(settings.stopAtPerfectScore && variant !== 'baseline' ? { stopAtPerfectScore: true } : {}),
    ...(budget.maxWallTimeMs === undefined ? {} : { maxWallTimeMs: budget.maxWallTimeMs }),
    ...(budget.maxOptimizerCost === undefined ? {} : { maxOptimizerCost: budget.maxOptimizerCost }),
    ...(context.stopSignal === undefined ? {} : { stopSignal: context.stopSignal }),
    ...(context.abortSignal === undefined ? {} : { abortSignal: context.abortSignal }),
    clock: context.clock,
    // The core's events are a superset of the contract's; hosts pass unknown types on as they are.
    onEvent: (event: SearchEvent) => {
      if (event.type !== 'run-end') context.onEvent(event as MethodEvent);
    },
  };
}

function toMethodResult(search: SearchResult, validationSize: number): ForgeMethodResult {
  const history: MethodHistoryPoint[] = [];
  for (const candidate of search.candidates) {
    history.push(
      nextHistoryPoint(history[history.length - 1], {
        evaluationsUsed: candidate.evaluationsAtDiscovery + validationSize,
        candidate: candidate.index,
        validation: candidate.validationScore,
        step: candidate.step,
      }),
    );
  }
  const seed = search.candidates[0];
  const outcomes: Record<string, number> = {};
  for (const event of search.state.synthesis) {
    for (const [outcome, count] of Object.entries(event.outcomes)) {
      outcomes[outcome] = (outcomes[outcome] ?? 0) + count;
    }
  }
  return {
    stopReason: search.stopReason,
    seedCandidate: { prompts: seed?.prompts ?? {} },
    bestCandidate: { prompts: search.bestCandidate.prompts },
    bestCandidateIndex: search.bestCandidate.index,
    seedValidation: search.seedScore,
    bestValidation: search.bestScore,
    evaluationsUsed: search.evaluationsUsed,
    steps: search.steps,
    candidates: search.candidates.length,
    usage: search.state.usage,
    history,
    syntheticInstances: search.state.syntheticInstances,
    summary: {
      synthesisEvents: search.state.synthesis.length,
      admitted: search.state.syntheticInstances.length,
      synthesisAttempts: search.state.synthesis.reduce((total, event) => total + event.attempts, 0),
      synthesisOutcomes: outcomes,
    },
    search,
  };
}

function estimateForge(variant: ForgeVariant, input: MethodEstimateInput): MethodEstimate {
  const settings = parseForgeMethodSettings(input.settings);
  const schedule = { ...input.synthesis, ...settings.synthesis };
  if (variant === 'baseline') {
    return {
      taskEvaluations: input.validationSize,
      optimizerCalls: {},
      assumptions: ['the baseline evaluates the seed on validation only'],
      expected: {
        taskEvaluations: input.validationSize,
        optimizerCalls: {},
        basis: 'exact: the baseline evaluates the seed on validation only',
      },
    };
  }
  // Every step spends at least |B| (a perfect minibatch) and at most 2|B| + |V| (an accepted proposal).
  const steps = Math.max(
    0,
    Math.floor((input.maxEvaluations - input.validationSize) / (2 * input.minibatchSize)),
  );
  const synthesizes = variant !== 'prompt-search';
  const attempts = synthesizes ? schedule.attempts * schedule.epochs : 0;
  const calls: Record<string, number> = { reflect: steps };
  if (variant === 'forge' || variant === 'failure-memory')
    calls['assign'] = steps * input.minibatchSize;
  if (synthesizes) {
    calls['generate'] = attempts;
    calls['verify'] = attempts;
  }
  return {
    taskEvaluations: input.maxEvaluations,
    optimizerCalls: calls,
    callShapes: forgeCallShapes(input.minibatchSize),
    expected: forgeExpectedSpend({
      maxEvaluations: input.maxEvaluations,
      validationSize: input.validationSize,
      minibatchSize: input.minibatchSize,
      trainingSize: input.trainingSize,
      epochs: synthesizes ? schedule.epochs : 0,
      patience: schedule.patience,
      attempts: synthesizes ? schedule.attempts : 0,
      assigns: variant === 'forge' || variant === 'failure-memory',
      seeds:
        variant === 'random-synthesis'
          ? { from: 'training', intents: 1 }
          : { from: 'observations', intents: variant === 'forge' ? 4 : 1 },
      completes: settings.stopAtCompletion === true,
      stopsAtPerfectScore: settings.stopAtPerfectScore,
      modules: input.modules.length,
    }),
    assumptions: [
      `up to ${steps} steps of 2·|B| = ${2 * input.minibatchSize} evaluations (fewer when proposals are accepted)`,
      ...(synthesizes
        ? [`${schedule.epochs} synthesis events of ${schedule.attempts} attempts`]
        : []),
      'one assigner call per imperfect minibatch evaluation, at most |B| per step',
    ],
  };
}
