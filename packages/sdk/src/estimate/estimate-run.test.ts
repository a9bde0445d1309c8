import { createBenchmark } from '@forge/bench-aime';
import type { Method, MethodEstimate } from '@forge/method';
import type { Benchmark } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { parseForgeConfig } from '../config/load-config.js';
import {
  estimateWithMethod,
  expectedFigure,
  type RoleEstimate,
  type RunEstimate,
  shapedCallSize,
} from './estimate-run.js';

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
      instructionTokens: 50,
      executionTokens: 450,
      instanceTokens: 40,
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

describe('expectedFigure', () => {
  const upper = { taskEvaluations: 10_000, optimizerCalls: { reflect: 100 }, assumptions: [] };

  it("takes a method's typical spend when it states one, never above the ceiling", () => {
    const typical = {
      ...upper,
      expected: { taskEvaluations: 460, optimizerCalls: { reflect: 31 }, basis: 'at completion' },
    };
    expect(
      expectedFigure({
        maxEvaluations: 10_000,
        method: 'forge',
        atBudget: typical,
        atCeiling: typical,
      }),
    ).toEqual({
      evaluations: 460,
      paidEvaluations: 460,
      optimizerCalls: { reflect: 31 },
      billedOptimizerCalls: { reflect: 31 },
      basis: 'at completion',
    });
    const capped = expectedFigure({
      maxEvaluations: 300,
      method: 'forge',
      atBudget: typical,
      atCeiling: typical,
    });
    expect(capped.evaluations).toBe(300);
  });

  it("counts an aligned cell at its reference's expected count, with its estimate there", () => {
    const atCeiling = { taskEvaluations: 460, optimizerCalls: { reflect: 70 }, assumptions: [] };
    const figure = expectedFigure({
      maxEvaluations: 10_000,
      expectedCeiling: 460,
      method: 'gepa',
      atBudget: upper,
      atCeiling,
    });
    expect(figure).toMatchObject({ evaluations: 460, optimizerCalls: { reflect: 70 } });
    expect(figure.basis).toBe(
      "its ceiling is its reference's expected count (460); gepa has no stop of its own before its ceiling: its estimate at 460 evaluations",
    );
  });

  it('takes the whole ceiling for a method with no estimate', () => {
    const figure = expectedFigure({
      maxEvaluations: 10_000,
      method: 'custom',
      atBudget: undefined,
      atCeiling: undefined,
    });
    expect(figure).toMatchObject({ evaluations: 10_000, optimizerCalls: {} });
  });
});

describe('estimateWithMethod: expected and upper bound', () => {
  const typicalMethod: Method = {
    ...fixedMethod,
    id: 'typical',
    estimate: ({ maxEvaluations }) => ({
      taskEvaluations: maxEvaluations,
      optimizerCalls: { reflect: maxEvaluations / 10 },
      assumptions: [],
      expected: { taskEvaluations: 100, optimizerCalls: { reflect: 5 }, basis: 'typical stop' },
    }),
  };

  it('prices both: the caps in the upper bound, the typical stop in the expected figure', () => {
    const config = parseForgeConfig({
      file: '<test>',
      value: {
        benchmark: 'aime',
        taskModel: 'sim:task',
        optimizerModel: 'sim:optimizer',
        budget: { maxEvaluations: 300 },
        evaluateTest: false,
        prices: { 'sim:task': { input: 1, output: 2 }, 'sim:optimizer': { input: 10, output: 10 } },
      },
    });
    const estimate = estimateWithMethod({
      config,
      method: typicalMethod,
      benchmarkId: 'aime',
      benchmark: createBenchmark(),
      sizes: { train: 45, validation: 45, test: 30 },
      prompt: {
        callsPerEvaluation: 3,
        inputPerCall: 1_000,
        outputPerCall: 100,
        instructionTokens: 50,
        executionTokens: 3_150,
        instanceTokens: 40,
        sampled: 5,
        basis: 'measured',
      },
    });
    expect(estimate.evaluations).toBe(300);
    expect(estimate.expected.evaluations).toBe(100);
    const calls = (roles: readonly RoleEstimate[], name: string) =>
      roles.find((role) => role.role === name)?.calls;
    // Three task calls per evaluation in both figures.
    expect(calls(estimate.roles, 'task')).toBe(900);
    expect(calls(estimate.expected.roles, 'task')).toBe(300);
    expect(calls(estimate.roles, 'reflect')).toBe(30);
    expect(calls(estimate.expected.roles, 'reflect')).toBe(5);
    // 300 task calls of 1,000 + 100 tokens at $1 / $2 per million: $0.36, plus the reflections.
    const taskUsd = estimate.expected.roles.find((role) => role.role === 'task')?.usd;
    expect(taskUsd).toBeCloseTo(0.36, 6);
    expect(estimate.expected.usd).toBeGreaterThan(taskUsd ?? 0);
    expect(estimate.expected.usd).toBeLessThan(estimate.usd);
    expect(estimate.expected.basis).toEqual([
      'typical stop',
      '3.0 task call(s) per evaluation (measured)',
      "optimizer calls (reflect) sized from the simulated optimizer's runs on the date world (its answers are a few dozen tokens)",
    ]);
    expect(estimate.taskCalls).toEqual({ perEvaluation: 3, basis: 'measured' });
    expect(estimate.upperBoundBasis).toContain('the caps');
  });

  it('bills task calls for the paid evaluations only while the cache is on; the count stays', () => {
    const repeating: Method = {
      ...typicalMethod,
      id: 'repeating',
      estimate: (input) => ({
        ...(typicalMethod.estimate?.(input) as MethodEstimate),
        expected: {
          taskEvaluations: 100,
          optimizerCalls: { reflect: 5, generate: 10 },
          billed: { taskEvaluations: 40, optimizerCalls: { reflect: 5, generate: 6 } },
          basis: 'typical stop',
        },
      }),
    };
    const estimateWith = (cache: boolean) =>
      estimateWithMethod({
        config: parseForgeConfig({
          file: '<test>',
          value: {
            benchmark: 'aime',
            taskModel: 'sim:task',
            optimizerModel: 'sim:optimizer',
            budget: { maxEvaluations: 300 },
            evaluateTest: false,
            cache,
          },
        }),
        method: repeating,
        benchmarkId: 'aime',
        benchmark: createBenchmark(),
        sizes: { train: 45, validation: 45, test: 30 },
        prompt: {
          callsPerEvaluation: 3,
          inputPerCall: 1_000,
          outputPerCall: 100,
          instructionTokens: 50,
          executionTokens: 3_150,
          instanceTokens: 40,
          sampled: 5,
          basis: 'measured',
        },
      });
    const cached = estimateWith(true);
    const task = (estimate: RunEstimate) =>
      estimate.expected.roles.find((role) => role.role === 'task')?.calls;
    expect(cached.expected.evaluations).toBe(100);
    expect(task(cached)).toBe(120);
    expect(cached.expected.basis).toContain(
      'task calls billed for 40 of the 100 evaluations: the other 60 repeat an evaluation the run already made and its cache answers them',
    );
    // The upper bound bills every evaluation.
    expect(cached.roles.find((role) => role.role === 'task')?.calls).toBe(900);
    // The repeated generations are answered from the cache too.
    const generate = (estimate: RunEstimate) =>
      estimate.expected.roles.find((role) => role.role === 'generate')?.calls;
    expect(generate(cached)).toBe(12);
    const uncached = estimateWith(false);
    expect(uncached.expected.evaluations).toBe(100);
    expect(task(uncached)).toBe(300);
    expect(generate(uncached)).toBe(20);
    expect(uncached.expected.basis.join(' ')).not.toContain('billed for');
  });

  it("sizes an optimizer role from the method's call shape and the program measured", () => {
    const shaped: Method = {
      ...typicalMethod,
      id: 'shaped',
      estimate: (input) => ({
        ...(typicalMethod.estimate?.(input) as MethodEstimate),
        callShapes: {
          reflect: {
            callsPerUnit: 2,
            fixedPromptTokens: 600,
            instructionsShown: 1,
            executionsShown: 3,
            fixedAnswerTokens: 20,
            instructionsWritten: 1,
            instancesWritten: 1,
          },
        },
      }),
    };
    const estimate = estimateWithMethod({
      config: parseForgeConfig({
        file: '<test>',
        value: {
          benchmark: 'aime',
          taskModel: 'sim:task',
          optimizerModel: 'sim:optimizer',
          budget: { maxEvaluations: 300 },
          evaluateTest: false,
        },
      }),
      method: shaped,
      benchmarkId: 'aime',
      benchmark: createBenchmark(),
      sizes: { train: 45, validation: 45, test: 30 },
      prompt: {
        callsPerEvaluation: 1,
        inputPerCall: 200,
        outputPerCall: 30,
        instructionTokens: 50,
        executionTokens: 180,
        instanceTokens: 40,
        sampled: 5,
        basis: 'measured',
      },
    });
    const reflect = estimate.expected.roles.find((role) => role.role === 'reflect');
    // 5 units of 2 calls; each call 600 + 50 + 3 · 180 = 1,190 prompt and 20 + 50 + 40 = 110 answer tokens.
    expect(reflect).toMatchObject({ calls: 10, inputTokens: 11_900, outputTokens: 1_100 });
    expect(estimate.assumptions.join(' ')).toContain("sized from the method's structure");
  });
});

describe('shapedCallSize', () => {
  it('adds the template, what the call shows, and what its answer writes', () => {
    expect(
      shapedCallSize(
        {
          callsPerUnit: 1,
          fixedPromptTokens: 100,
          instructionsShown: 2,
          executionsShown: 1,
          fixedAnswerTokens: 5,
          instructionsWritten: 0,
          instancesWritten: 2,
        },
        { instructionTokens: 10, executionTokens: 30, instanceTokens: 7 },
      ),
    ).toEqual({ input: 150, output: 19 });
  });
});
