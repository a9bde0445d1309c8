import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import type { Benchmark } from '@forge/program';
import { twoModuleBenchmark } from './scripted-models.js';

// The one-module toy task (`@forge/method/testing`) for GEPA's tests: the task model answers
// a category right only when the prompt names `rule-<category>`, and feedback names the missing
// rule, which `fencedReflector` adds.

/** The toy task as a benchmark (the two-module task's signature, the toy program and scorer). */
export const toyGepaBenchmark: Benchmark = {
  ...twoModuleBenchmark,
  id: 'toy',
  program: toyProgram(),
  evaluate: toyEvaluate,
};

/**
 * The toy task's part of `createMethodTestContext` options: the benchmark, 12 training and 8
 * validation instances and a fresh task model.
 */
export function toyGepaTask() {
  return {
    benchmark: toyGepaBenchmark,
    train: toyInstances('t', 12),
    validation: toyInstances('v', 8),
    taskModel: toyTaskModel(),
  };
}
