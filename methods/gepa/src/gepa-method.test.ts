import type { Method } from '@forge/method';
import {
  checkMethodResume,
  createMethodTestContext,
  toyInstances,
  toyProgram,
  toyTaskModel,
} from '@forge/method/testing';
import { describe, expect, it } from 'vitest';
import {
  fencedReflector,
  twoModuleBenchmark,
  twoModuleInstances,
  twoModuleTaskModel,
} from './__fixtures__/scripted-models.js';
import { toyGepaBenchmark, toyGepaTask } from './__fixtures__/toy-gepa-task.js';
import { createGepaMethod, gepaMergeMethod, gepaMethod } from './gepa-method.js';

function toyRun(options: {
  maxEvaluations: number;
  settings?: Record<string, unknown>;
  seed?: number;
  method?: Method;
}) {
  const method = options.method ?? gepaMethod;
  const task = toyGepaTask();
  const reflector = fencedReflector();
  const test = createMethodTestContext({
    ...task,
    optimizerModel: reflector,
    budget: { maxEvaluations: options.maxEvaluations },
    seed: options.seed ?? 0,
    settings: method.parseSettings?.(options.settings ?? {}) ?? {},
  });
  return { test, taskModel: task.taskModel, reflector, run: () => method.run(test.context) };
}

describe("GEPA on the core's scripted toy task", () => {
  it.each([gepaMethod, gepaMergeMethod])('$id improves over the seed', async (method) => {
    const { run } = toyRun({ maxEvaluations: 150, method });
    const result = await run();
    expect(result.seedValidation).toBe(0);
    expect(result.bestValidation).toBe(1);
    expect(result.bestCandidate.prompts['answer']).toMatch(/rule-a.*rule-b|rule-b.*rule-a/);
  });

  it.each(
    [8, 9, 21, 37, 60, 101, 150].flatMap((ceiling) => [
      { method: gepaMethod, ceiling },
      { method: gepaMergeMethod, ceiling },
    ]),
  )(
    '$method.id never exceeds a ceiling of $ceiling evaluations and reports what it spent',
    async ({ method, ceiling: maxEvaluations }) => {
      const { test, run } = toyRun({ maxEvaluations, method });
      const result = await run();
      expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
      expect(result.evaluationsUsed).toBeLessThanOrEqual(maxEvaluations);
      // It stopped because one more iteration (2·b + |V| = 14 at worst) might not have fit.
      expect(result.evaluationsUsed + 14).toBeGreaterThan(maxEvaluations);
      expect(result.stopReason).toMatch(/^evaluation budget/);
    },
  );

  it('tags every task call `task` and every reflection call `reflect`', async () => {
    const { taskModel, reflector, run } = toyRun({ maxEvaluations: 60 });
    await run();
    expect(taskModel.requests.map((request) => request.metadata?.['role'])).toEqual(
      taskModel.requests.map(() => 'task'),
    );
    expect(reflector.requests.length).toBeGreaterThan(0);
    for (const request of reflector.requests) expect(request.metadata?.['role']).toBe('reflect');
  });

  it('emits run-start, one step-end per iteration and one candidate-validated per candidate', async () => {
    const { test, run } = toyRun({ maxEvaluations: 100 });
    const result = await run();
    expect(test.events[0]?.type).toBe('run-start');
    expect(test.events.filter((event) => event.type === 'step-end')).toHaveLength(result.steps);
    expect(test.events.filter((event) => event.type === 'candidate-validated')).toHaveLength(
      result.candidates,
    );
    expect(result.history.map((point) => point.candidate)).toEqual(
      Array.from({ length: result.candidates }, (_, index) => index),
    );
  });

  it.each([
    { method: gepaMethod, task: 'toy' },
    { method: gepaMergeMethod, task: 'toy' },
    { method: gepaMethod, task: 'two-module' },
    { method: gepaMergeMethod, task: 'two-module' },
  ])(
    '$method.id resumes to the identical result after being cut at any point ($task task)',
    async ({ method, task }) => {
      const toy = task === 'toy';
      const report = await checkMethodResume(method, {
        ...(toy
          ? toyGepaTask()
          : {
              benchmark: twoModuleBenchmark,
              train: twoModuleInstances('t', 12),
              validation: twoModuleInstances('v', 8),
              taskModel: twoModuleTaskModel(),
            }),
        optimizerModel: fencedReflector(),
        budget: { maxEvaluations: 140 },
        settings: method.parseSettings?.({}) ?? {},
        cutAfterEvaluations: [4, 9, 30, 31, 57, 90, 121],
      });
      expect(report.interruptions).toBeGreaterThan(3);
      expect(report.resumed).toEqual(report.whole);
      expect(report.whole.bestValidation).toBeGreaterThan(report.whole.seedValidation);
      expect(report.whole.evaluationsUsed).toBeLessThanOrEqual(140);
    },
  );
});

describe('GEPA stop rules', () => {
  it('stops after maxSteps iterations, on a stop request, and at an optimizer token limit', async () => {
    const steps = createMethodTestContext({
      ...toyGepaTask(),
      optimizerModel: fencedReflector(),
      budget: { maxEvaluations: 500, maxSteps: 3 },
    });
    const limited = await gepaMethod.run(steps.context);
    expect(limited.steps).toBe(3);
    expect(limited.stopReason).toBe('step limit (3)');

    const controller = new AbortController();
    const stopped = createMethodTestContext({
      ...toyGepaTask(),
      optimizerModel: fencedReflector(),
      budget: { maxEvaluations: 500 },
      stopSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step-end' && event.step === 1) controller.abort();
      },
    });
    const result = await gepaMethod.run(stopped.context);
    expect(result.stopReason).toBe('stop requested');
    expect(result.steps).toBe(2);
    const saved = await stopped.context.storage.checkpoints.load();
    expect(saved?.state).toMatchObject({ iteration: 2 });

    const tokens = createMethodTestContext({
      ...toyGepaTask(),
      optimizerModel: fencedReflector(),
      budget: { maxEvaluations: 500, maxOptimizerCost: { tokens: 1 } },
    });
    const capped = await gepaMethod.run(tokens.context);
    expect(capped.stopReason).toBe('optimizer token limit (1)');
    expect(capped.usage['reflect']?.calls).toBeGreaterThan(0);
  });
});

describe('GEPA iteration rules', () => {
  it('skips reflection when the parent is perfect on the minibatch, unless told not to', async () => {
    const solved = {
      ...toyGepaBenchmark,
      program: {
        ...toyProgram(),
        modules: toyProgram().modules.map((module) => ({
          ...module,
          seedPrompt: 'rule-a rule-b rule-c rule-d',
        })),
      },
    };
    for (const skipPerfectScore of [true, false]) {
      const reflector = fencedReflector();
      const test = createMethodTestContext({
        benchmark: solved,
        train: toyInstances('t', 6),
        validation: toyInstances('v', 4),
        taskModel: toyTaskModel(),
        optimizerModel: reflector,
        budget: { maxEvaluations: 40 },
        settings: gepaMethod.parseSettings?.({ skipPerfectScore }) ?? {},
      });
      const result = await gepaMethod.run(test.context);
      expect(result.seedValidation).toBe(1);
      if (skipPerfectScore) {
        expect(result.summary?.['skippedPerfect']).toBe(result.steps);
        expect(reflector.requests).toHaveLength(0);
        // A skipped iteration costs the parent's minibatch only (3), but one starts only while
        // its worst case (2·3 + 4) still fits: 4 + 3·9 = 31, and 31 + 10 > 40.
        expect(result.steps).toBe(9);
        expect(result.evaluationsUsed).toBe(31);
      } else {
        expect(reflector.requests.length).toBeGreaterThan(0);
        expect(result.summary?.['skippedPerfect']).toBe(0);
      }
    }
  });

  it('accepts a child only on a strictly higher minibatch sum', async () => {
    // A reflector that returns the instruction unchanged: the child ties its parent everywhere.
    const test = createMethodTestContext({
      benchmark: twoModuleBenchmark,
      train: twoModuleInstances('t', 8),
      validation: twoModuleInstances('v', 4),
      taskModel: twoModuleTaskModel(),
      optimizerModel: fencedReflector({
        transform: (text) => text.replace(/ rule-\w+/g, ''),
      }),
      budget: { maxEvaluations: 40 },
    });
    const result = await gepaMethod.run(test.context);
    expect(result.candidates).toBe(1);
    expect(result.summary?.['accepted']).toBe(0);
    expect(result.summary?.['rejected']).toBe(result.steps);
  });

  it('counts an answer without a fenced block as no proposal and spends only the parent minibatch', async () => {
    const test = createMethodTestContext({
      benchmark: twoModuleBenchmark,
      train: twoModuleInstances('t', 8),
      validation: twoModuleInstances('v', 4),
      taskModel: twoModuleTaskModel(),
      optimizerModel: fencedReflector({ transform: (text) => text.replaceAll('```', '') }),
      budget: { maxEvaluations: 40 },
    });
    const result = await gepaMethod.run(test.context);
    expect(result.candidates).toBe(1);
    expect(result.summary?.['noProposal']).toBe(result.steps);
    expect(result.evaluationsUsed).toBe(4 + 3 * result.steps);
    expect(
      test.events.filter(
        (event) => event.type === 'method-note' && event.kind === 'reflection-no-op',
      ),
    ).toHaveLength(result.steps);
  });

  it('rewrites components in round-robin order, a child continuing from its parent', async () => {
    const test = createMethodTestContext({
      benchmark: twoModuleBenchmark,
      train: twoModuleInstances('t', 12),
      validation: twoModuleInstances('v', 8),
      taskModel: twoModuleTaskModel(),
      optimizerModel: fencedReflector(),
      budget: { maxEvaluations: 200 },
      settings:
        createGepaMethod('gepa').parseSettings?.({ candidateSelection: 'current-best' }) ?? {},
    });
    await gepaMethod.run(test.context);
    const records = await test.context.storage.checkpoints.records();
    const iterations = records
      .filter((record) => record.kind === 'iteration')
      .map(
        (record) =>
          record.data as {
            parent: number;
            components?: string[];
            outcome: string;
            candidate?: number;
          },
      );
    // Replay the rule: a reflection rewrites the module at its parent's pointer and advances
    // it; an accepted child starts from its parent's advanced pointer.
    const modules = ['first', 'second'];
    const pointers = new Map<number, number>([[0, 0]]);
    const rewritten = new Set<string>();
    for (const iteration of iterations) {
      if (iteration.outcome === 'skipped-perfect') continue;
      const pointer = pointers.get(iteration.parent) ?? -1;
      expect(iteration.components).toEqual([modules[pointer]]);
      rewritten.add(modules[pointer] as string);
      pointers.set(iteration.parent, (pointer + 1) % 2);
      if (iteration.candidate !== undefined) pointers.set(iteration.candidate, (pointer + 1) % 2);
    }
    expect([...rewritten].sort()).toEqual(modules);
    const origins = records
      .filter((record) => record.kind === 'candidate')
      .map((record) => (record.data as { origin: string }).origin);
    expect(origins[0]).toBe('seed');
    expect(origins.slice(1).every((origin) => origin === 'reflection')).toBe(true);
    expect(origins.length).toBeGreaterThan(2);
  });

  it("rewrites every component at once with componentSelection 'all'", async () => {
    const reflector = fencedReflector();
    const test = createMethodTestContext({
      benchmark: twoModuleBenchmark,
      train: twoModuleInstances('t', 12),
      validation: twoModuleInstances('v', 8),
      taskModel: twoModuleTaskModel(),
      optimizerModel: reflector,
      budget: { maxEvaluations: 8 + 2 * 3 + 8 },
      seed: 3,
      settings: gepaMethod.parseSettings?.({ componentSelection: 'all' }) ?? {},
    });
    const result = await gepaMethod.run(test.context);
    const records = await test.context.storage.checkpoints.records();
    const first = records.find((record) => record.kind === 'iteration')?.data as {
      components: string[];
    };
    expect(result.steps).toBe(1);
    // Both modules had failures in the minibatch, so one reflection call went to each.
    expect(reflector.requests).toHaveLength(first.components.length);
    expect(first.components.length).toBeGreaterThanOrEqual(1);
  });
});

describe("GEPA's estimate", () => {
  const input = {
    maxEvaluations: 396,
    trainingSize: 30,
    validationSize: 20,
    modules: ['interpret', 'format'],
    minibatchSize: 3,
    synthesis: { attempts: 0, epochs: 0, patience: 1 },
  };

  it('expects typical iterations: some skipped on a perfect minibatch, some children accepted', () => {
    const estimate = gepaMethod.estimate?.({ ...input, settings: {} });
    // The upper bound: (396 − 20) / 6 = 62 iterations, each reflecting.
    expect(estimate?.optimizerCalls).toEqual({ reflect: 62 });
    // Typically 3 + 0.55 · (3 + 0.55 · 20) = 10.7 evaluations an iteration: 35 of them, 19 reflecting.
    expect(estimate?.expected).toMatchObject({
      taskEvaluations: 396,
      optimizerCalls: { reflect: 19 },
    });
    // Without the skip every iteration reflects: 3 + 3 + 11 = 17 → 22.
    const noSkip = gepaMethod.estimate?.({ ...input, settings: { skipPerfectScore: false } });
    expect(noSkip?.expected?.optimizerCalls).toEqual({ reflect: 22 });
  });

  it("names the children one component away from their parent, for the host's module-level cache", () => {
    const estimate = gepaMethod.estimate?.({ ...input, settings: {} });
    // 35 typical iterations, 55% reflecting: a child on 3 minibatch instances, 55% of them on 20.
    expect(estimate?.expected?.billed).toEqual({
      taskEvaluations: 396,
      oneModuleChanged: Math.round(35 * 0.55 * (3 + 0.55 * 20)),
      optimizerCalls: { reflect: 19 },
    });
    expect(estimate?.expected?.basis).toContain('round robin over the 2');
    // Every component rewritten at once, or a single module: a child is billed whole.
    const all = gepaMethod.estimate?.({ ...input, settings: { componentSelection: 'all' } });
    expect(all?.expected?.billed).toBeUndefined();
    const single = gepaMethod.estimate?.({ ...input, modules: ['answer'], settings: {} });
    expect(single?.expected?.billed).toBeUndefined();
    expect(single?.expected?.basis).not.toContain('round robin');
  });

  it("shapes a reflection from its template, the minibatch's records and the rewritten instruction", () => {
    const shape = gepaMethod.estimate?.({ ...input, settings: {} })?.callShapes?.['reflect'];
    expect(shape).toMatchObject({
      executionsShown: 3,
      instructionsShown: 1,
      instructionsWritten: 1,
    });
    const custom = gepaMethod.estimate?.({
      ...input,
      settings: { reflectionPromptTemplate: `${'x'.repeat(400)} <curr_param> <side_info>` },
    })?.callShapes?.['reflect'];
    expect(custom?.fixedPromptTokens).toBe(Math.ceil(' <curr_param> <side_info>'.length / 4 + 100));
  });
});
