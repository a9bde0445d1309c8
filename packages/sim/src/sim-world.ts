import type { Benchmark } from '@forge/program';
import { InvalidArgumentError, type LanguageModel, type ProviderFactory } from '@forge/provider';
import { createSimBenchmark } from './benchmark/sim-benchmark.js';
import { createSimOptimizerModel, simOptimizerModelId } from './optimizer/sim-optimizer-model.js';
import { type ResolvedSimOptions, resolveSimOptions, type SimOptions } from './sim-options.js';
import { createSimTaskModel, simTaskModelId } from './task-model/sim-task-model.js';
import { type SimRule, simRules } from './world/sim-rules.js';

/** The simulated world: a benchmark and the two models that play in it. */
export interface SimWorld {
  /** Always true: scores in this world say nothing about real models. */
  readonly simulated: true;
  /** The date-normalisation benchmark (id `sim`). */
  readonly benchmark: Benchmark;
  /** The simulated task model, `sim:task`. */
  readonly taskModel: LanguageModel;
  /** The simulated optimizer model, `sim:optimizer`. */
  readonly optimizerModel: LanguageModel;
  /** The knobs in force, defaults filled in. */
  readonly options: ResolvedSimOptions;
  /** The hidden rule table, for reports and tests. */
  readonly rules: readonly SimRule[];
}

/** Creates the simulated world from its knobs. */
export function createSimWorld(options: SimOptions = {}): SimWorld {
  const resolved = resolveSimOptions(options);
  return {
    simulated: true,
    benchmark: createSimBenchmark(resolved),
    taskModel: createSimTaskModel(resolved),
    optimizerModel: createSimOptimizerModel(resolved),
    options: resolved,
    rules: simRules,
  };
}

/** Model ids served by the simulated provider. */
export const simModelIds: readonly string[] = [simTaskModelId, simOptimizerModelId];

/**
 * Creates a simulated model by id (`task` or `optimizer`), for a provider registry that maps
 * `sim:<id>` model strings to models.
 *
 * @throws InvalidArgumentError for any other id.
 */
export function createSimModel(
  modelId: string,
  options: SimOptions | ResolvedSimOptions = {},
): LanguageModel {
  if (modelId === simTaskModelId) return createSimTaskModel(options);
  if (modelId === simOptimizerModelId) return createSimOptimizerModel(options);
  throw new InvalidArgumentError({
    argument: 'model',
    message: `model: the simulated provider has models ${simModelIds.map((id) => `"sim:${id}"`).join(' and ')}, not "sim:${modelId}" (they serve only the simulated date world, benchmark "sim"; for your own program use scriptedTaskModel and scriptedOptimizer from @forge/sdk/testing)`,
  });
}

/**
 * The `sim` provider for a `ProviderRegistry`: `sim:task` and `sim:optimizer`, with the world's
 * knobs (`SimOptions`) as provider settings. Nothing registers it by default; a run uses the
 * simulated models only when its model strings say `sim:`. They serve only the simulated date
 * world (benchmark `sim`): on any other program the task model scores 0 (the sdk warns).
 */
export const simProviderFactory: ProviderFactory = (modelId, options) =>
  createSimModel(modelId, (options.settings ?? {}) as SimOptions);
