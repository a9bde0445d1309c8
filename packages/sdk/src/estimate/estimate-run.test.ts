import { createBenchmark } from '@forge/bench-aime';
import type { Method } from '@forge/method';
import type { Benchmark } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { parseForgeConfig } from '../config/load-config.js';
import { estimateWithMethod } from './estimate-run.js';

// The dry-run estimate counts the test split's reporting evaluations, repeats included: AIME's
// 30 test problems are scored three times for the seed and three times for the best candidate.

// A method that plans exactly 200 task evaluations and no optimizer calls, so the task role's
// calls are 200 plus the reporting on test.
const fixedMethod: Method = {
  id: 'fixed-200',
  title: 'Fixed 200',
  description: 'Test method: estimates 200 task evaluations.',
  roles: [],
  async run() {
    throw new Error('only estimated here');
  },
  estimate: () => ({ taskEvaluations: 200, optimizerCalls: {}, assumptions: [] }),
};

function estimateFor(
  benchmark: Benchmark,
  options: { evaluateTest?: boolean; moduleModels?: Record<string, string> } = {},
) {
  const config = parseForgeConfig({
    file: '<test>',
    value: {
      benchmark: 'aime',
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      budget: { maxEvaluations: 300 },
      ...(options.evaluateTest === undefined ? {} : { evaluateTest: options.evaluateTest }),
      ...(options.moduleModels === undefined ? {} : { moduleModels: options.moduleModels }),
    },
  });
  return estimateWithMethod({
    config,
    method: fixedMethod,
    benchmarkId: 'aime',
    benchmark,
    sizes: { train: 45, validation: 45, test: 30 },
    prompt: {
      callsPerEvaluation: 1,
      inputPerCall: 100,
      outputPerCall: 400,
      sampled: 5,
      basis: 'measured',
    },
  });
}

const taskCalls = (estimate: ReturnType<typeof estimateFor>) =>
  estimate.roles.find((role) => role.role === 'task')?.calls;

describe('estimateWithMethod: test repeats', () => {
  it('counts three test evaluations per instance for the seed and the best candidate (AIME)', () => {
    const benchmark = createBenchmark();
    expect(benchmark.testRepeats).toBe(3);
    const estimate = estimateFor(benchmark);
    expect(estimate.evaluations).toBe(200);
    // 200 searched + 2 candidates × 30 test problems × 3 repeats.
    expect(taskCalls(estimate)).toBe(200 + 180);
    expect(estimate.assumptions).toContain(
      '180 more task evaluations on the test split for reporting (seed and best candidate, 3 repeats)',
    );
  });

  it('counts one test evaluation per instance without repeats, and none without test evaluation', () => {
    const once = estimateFor({ ...createBenchmark(), testRepeats: undefined });
    expect(taskCalls(once)).toBe(200 + 60);
    expect(once.assumptions).toContain(
      '60 more task evaluations on the test split for reporting (seed and best candidate)',
    );
    const none = estimateFor(createBenchmark(), { evaluateTest: false });
    expect(taskCalls(none)).toBe(200);
    expect(none.assumptions.some((line) => line.includes('test split'))).toBe(false);
  });
});

describe('estimateWithMethod: module models', () => {
  it('says that the task calls of a module with its own model are priced at the task model', () => {
    const estimate = estimateFor(createBenchmark(), { moduleModels: { solve: 'sim:task' } });
    expect(estimate.assumptions).toContain(
      "every task call is priced at the task model's price: the module models (moduleModels: solve → sim:task) are not estimated apart",
    );
    expect(
      estimateFor(createBenchmark()).assumptions.some((line) => line.includes('moduleModels')),
    ).toBe(false);
  });
});
