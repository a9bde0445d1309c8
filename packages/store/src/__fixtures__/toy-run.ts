import type { SearchOptions } from '@forge/core';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { toyReflector } from '@forge/core/testing';

/** Search options of a small deterministic toy run, for store tests. */
export function toyRunOptions(overrides: Partial<SearchOptions> = {}): SearchOptions {
  return {
    program: toyProgram(),
    evaluate: toyEvaluate,
    taskModel: toyTaskModel(),
    optimizerModel: toyReflector(),
    train: toyInstances('t', 12),
    validation: toyInstances('v', 8),
    maxEvaluations: 150,
    seed: 3,
    ...overrides,
  };
}
