import type { SearchOptions } from '@forge/core';
import type { Evaluator, Instance, Program } from '@forge/program';
import type { LanguageModel } from '@forge/provider';
import { ModelTime } from './model-time.js';
import { createSubstitutionReflector } from './substitution-reflector.js';
import {
  evaluateSubstitution,
  substitutionInstances,
  substitutionProgram,
  substitutionRules,
} from './substitution-task.js';
import { createSubstitutionTaskModel } from './substitution-task-model.js';

/** The shape of the harness's workload (issue 16: many rules, a capacity-limited model). */
export interface WorkloadShape {
  /** Hidden substitution rules. Default 16. */
  readonly rules?: number;
  /** Rules the task model follows from the top of its prompt. Default 4. */
  readonly capacity?: number;
  /** Training instances. Default 60. */
  readonly train?: number;
  /** Validation instances. Default 60. */
  readonly validation?: number;
  /** Milliseconds each task-model and reflector call waits. Default 0. */
  readonly latencyMs?: number;
  /** Seed of the instances. Default 1. */
  readonly seed?: number;
  /**
   * Time the simulated models and the metric into `time`. Default true; off where only wall
   * time matters, since reading the CPU clock costs microseconds per call.
   */
  readonly timed?: boolean;
}

/** Everything `runSearch` needs for the workload, plus the time its simulated parts took. */
export interface Workload {
  /** The one-module program. */
  readonly program: Program;
  /** The metric, timed into `time`. */
  readonly evaluate: Evaluator;
  /** The simulated task model. */
  readonly taskModel: LanguageModel;
  /** The simulated reflector. */
  readonly optimizerModel: LanguageModel;
  /** Training instances. */
  readonly train: readonly Instance[];
  /** Validation instances. */
  readonly validation: readonly Instance[];
  /** Time spent in the simulated models and the metric (zero when not timed). */
  readonly time: ModelTime;
}

/** Builds the workload: the same instances and models for every section of the harness. */
export function createWorkload(shape: WorkloadShape = {}): Workload {
  const rules = substitutionRules(shape.rules ?? 16);
  const seed = shape.seed ?? 1;
  const time = new ModelTime();
  const latencyMs = shape.latencyMs ?? 0;
  const timed = shape.timed ?? true;
  return {
    program: substitutionProgram(),
    evaluate: timed
      ? (instance, execution) => time.measure(() => evaluateSubstitution(instance, execution))
      : evaluateSubstitution,
    taskModel: createSubstitutionTaskModel({
      capacity: shape.capacity ?? 4,
      latencyMs,
      ...(timed ? { time } : {}),
    }),
    optimizerModel: createSubstitutionReflector({ latencyMs, ...(timed ? { time } : {}) }),
    train: substitutionInstances({ rules, split: 'train', count: shape.train ?? 60, seed }),
    validation: substitutionInstances({ rules, split: 'val', count: shape.validation ?? 60, seed }),
    time,
  };
}

/** `runSearch` options for the workload: prompt search, an unlimited budget, no store. */
export function workloadSearchOptions(workload: Workload): SearchOptions {
  return {
    program: workload.program,
    evaluate: workload.evaluate,
    taskModel: workload.taskModel,
    optimizerModel: workload.optimizerModel,
    train: workload.train,
    validation: workload.validation,
    maxEvaluations: Number.MAX_SAFE_INTEGER,
  };
}

/** A stop rule: stop once the pool holds `count` candidates. */
export function stopAtCandidates(count: number): NonNullable<SearchOptions['stopRules']>[number] {
  return ({ state }) =>
    state.candidates.length >= count ? `pool reached ${count} candidates` : undefined;
}
