import { createBenchmark } from '@forge/bench-aime';
import type { Method, MethodEstimate } from '@forge/method';
import {
  type Benchmark,
  defineBenchmark,
  defineModule,
  defineProgram,
  type Instance,
} from '@forge/program';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseForgeConfig } from '../config/load-config.js';
import { createForgeMethod } from '../methods/forge-method.js';
import {
  estimateWithMethod,
  expectedFigure,
  type RoleEstimate,
  type RunEstimate,
  shapedCallSize,
} from './estimate-run.js';
import { measureTaskPrompt } from './measure-task-prompt.js';
import { moduleCallOrder } from './module-call-order.js';

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
      oneModuleChanged: 0,
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

  it("passes on the paid evaluations that differ from an earlier one in one module's prompt", () => {
    const changing = {
      ...upper,
      expected: {
        taskEvaluations: 460,
        optimizerCalls: { reflect: 31 },
        billed: { taskEvaluations: 400, oneModuleChanged: 300, optimizerCalls: { reflect: 31 } },
        basis: 'at completion',
      },
    };
    const figure = expectedFigure({
      maxEvaluations: 10_000,
      method: 'forge',
      atBudget: changing,
      atCeiling: changing,
    });
    expect(figure).toMatchObject({ paidEvaluations: 400, oneModuleChanged: 300 });
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

  it('bills an evaluation one module away from an earlier one the measured share of its calls', () => {
    const changing: Method = {
      ...typicalMethod,
      id: 'changing',
      estimate: (input) => ({
        ...(typicalMethod.estimate?.(input) as MethodEstimate),
        expected: {
          taskEvaluations: 100,
          optimizerCalls: { reflect: 5 },
          billed: { taskEvaluations: 90, oneModuleChanged: 60, optimizerCalls: { reflect: 5 } },
          basis: 'typical stop',
        },
      }),
    };
    const chain = ['extract', 'judge', 'summarize'];
    const estimateWith = (cache: boolean, moduleCalls?: ReturnType<typeof moduleCallOrder>) =>
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
        method: changing,
        benchmarkId: 'review',
        benchmark: {
          ...createBenchmark(),
          program: {
            ...createBenchmark().program,
            modules: chain.map((name) => ({ name, seedPrompt: name })),
          },
        },
        sizes: { train: 45, validation: 45, test: 30 },
        prompt: {
          callsPerEvaluation: 3,
          inputPerCall: 1_000,
          outputPerCall: 100,
          instructionTokens: 50,
          executionTokens: 3_150,
          instanceTokens: 40,
          ...(moduleCalls === undefined ? {} : { moduleCalls }),
          sampled: 5,
          basis: 'measured',
        },
      });
    const task = (estimate: RunEstimate) =>
      estimate.expected.roles.find((role) => role.role === 'task')?.calls;
    // A chain of three one-call modules: such an evaluation pays 4/6 of its 3 calls.
    const chained = estimateWith(true, moduleCallOrder([chain], chain));
    expect(task(chained)).toBe((30 + 60 * (4 / 6)) * 3);
    expect(chained.expected.basis).toContain(
      "the 60 evaluations that differ from one already made in one module's prompt pay 67% of their task calls: those from that module's first call on, averaged over the 3 modules round-robin reflection changes in turn (call order measured with the rest: extract 1.0 → judge 1.0 → summarize 1.0 call(s) an evaluation)",
    );
    // Without a measured call order, or with the cache off, such an evaluation is billed whole.
    expect(task(estimateWith(true))).toBe(270);
    expect(task(estimateWith(false, moduleCallOrder([chain], chain)))).toBe(300);
    // The evaluation count and the upper bound do not change.
    expect(chained.expected.evaluations).toBe(100);
    expect(chained.roles.find((role) => role.role === 'task')?.calls).toBe(900);
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

describe("estimateWithMethod: Forge's proposals and the module-level cache", () => {
  // The same review task as one module, and as a chain extract → judge → summarize.
  const text = z.object({ text: z.string() });
  const note = z.object({ note: z.string() });
  const step = (name: string, seedPrompt: string) =>
    defineModule({ name, seedPrompt, input: text, output: note });
  const whole = step('review', 'Summarize the review.');
  const [extract, judge, summarize] = [
    step('extract', 'List the aspects.'),
    step('judge', 'Judge each aspect.'),
    step('summarize', 'Summarize the verdicts.'),
  ] as const;
  const single = defineProgram({
    name: 'single',
    modules: [whole],
    input: text,
    output: note,
    run: (input, { call }) => call(whole, input),
  });
  const chain = defineProgram({
    name: 'chain',
    modules: [extract, judge, summarize],
    input: text,
    output: note,
    async run(input, { call }) {
      const aspects = await call(extract, input);
      const verdicts = await call(judge, { text: aspects.note });
      return call(summarize, { text: verdicts.note });
    },
  });
  const instances = (
    prefix: string,
    count: number,
  ): Instance<{ text: string }, { note: string }>[] =>
    Array.from({ length: count }, (_, index) => ({
      id: `${prefix}-${index}`,
      input: { text: `review ${index}` },
      gold: { note: 'summary' },
    }));
  const estimateOf = async (program: typeof single) => {
    const benchmark = defineBenchmark({
      program,
      metric: () => ({ score: 1 }),
      train: instances('train', 24),
      validation: instances('validation', 12),
    }) as unknown as Benchmark;
    const prompt = await measureTaskPrompt(benchmark, instances('train', 24));
    const estimate = estimateWithMethod({
      config: parseForgeConfig({
        file: '<test>',
        value: {
          benchmark: 'aime',
          taskModel: 'sim:task',
          optimizerModel: 'sim:optimizer',
          method: 'forge',
          budget: { maxEvaluations: 400 },
          evaluateTest: false,
        },
      }),
      method: createForgeMethod('forge'),
      benchmarkId: program.name,
      benchmark,
      sizes: { train: 24, validation: 12, test: 0 },
      prompt,
    });
    const calls = estimate.expected.roles.find((role) => role.role === 'task')?.calls ?? 0;
    return { estimate, perCall: calls / prompt.callsPerEvaluation };
  };

  it('bills a three-module chain fewer evaluations of task calls than one module, for the same evaluations', async () => {
    const one = await estimateOf(single);
    const three = await estimateOf(chain as unknown as typeof single);
    expect(three.estimate.expected.evaluations).toBe(one.estimate.expected.evaluations);
    // One module: every paid evaluation billed whole (400: no parent repeats at |T| = 24).
    expect(one.perCall).toBe(400);
    expect(one.estimate.expected.basis.join(' ')).not.toContain("one module's prompt");
    // Three: the 12 on V for the seed and 129 parents' minibatch evaluations whole; the 129
    // proposals and 10.75 · 12 = 129 accepted on V at 4/6 of their calls.
    expect(three.perCall).toBeCloseTo(400 - 258 * (2 / 6), 0);
    expect(three.estimate.expected.basis.join(' ')).toContain(
      'extract 1.0 → judge 1.0 → summarize 1.0 call(s) an evaluation',
    );
  });
});
