import { MemoryCheckpointStore } from '@forge/method';
import { createMethodTestContext } from '@forge/method/testing';
import type { EvaluatedExecution } from '@forge/program';
import { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { toyBenchmark, toyInstances, toyProposer, toyTaskModel } from './__fixtures__/mipro-toy.js';
import { bootstrapOutcome } from './bootstrap/bootstrap-outcome.js';
import { miproMethod } from './mipro-method.js';
import { instructionCount } from './run/propose-phase.js';
import { parseMiproSettings } from './settings/mipro-settings.js';

/** A stronger model: it knows every category's answer. */
function strongTeacher(): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'strong-teacher',
    responses: (request) => {
      const last = request.messages.at(-1);
      const content = last && 'content' in last ? last.content : '';
      const match = /category=(\w+) value=(\d+)/.exec(content);
      return `${match?.[1] ?? ''}:${match?.[2] ?? ''}`;
    },
  });
}

function context(settings: Record<string, unknown>, teacher?: MockLanguageModel) {
  const proposer = toyProposer();
  const taskModel = toyTaskModel();
  const checkpoints = new MemoryCheckpointStore();
  const test = createMethodTestContext({
    benchmark: toyBenchmark,
    train: toyInstances('t', 24),
    validation: toyInstances('v', 20, 1),
    taskModel,
    optimizerModel: (role) => (role === 'teacher' && teacher !== undefined ? teacher : proposer),
    budget: { maxEvaluations: 300 },
    settings: miproMethod.parseSettings?.(settings) ?? {},
    checkpoints,
  });
  return { test, proposer, taskModel, checkpoints };
}

describe('MIPROv2 bootstrapping with a teacher model', () => {
  it('runs the bootstrap on the teacher and keeps demonstrations from its traces', async () => {
    const teacher = strongTeacher();
    const { test, taskModel, checkpoints } = context({ teacher: 'model' }, teacher);
    const result = await miproMethod.run(test.context);
    const runs = (await checkpoints.records())
      .filter((record) => record.kind === 'bootstrap-runs')
      .flatMap((record) => record.data as { instanceId: string; passed: boolean }[]);
    expect(runs.length).toBeGreaterThan(0);
    // The task model knows only category a; the teacher passes every run.
    expect(runs.every((run) => run.passed)).toBe(true);
    expect(teacher.requests).toHaveLength(runs.length);
    for (const request of teacher.requests) expect(request.metadata?.['role']).toBe('teacher');
    expect(taskModel.requests.some((request) => request.metadata?.['role'] === 'teacher')).toBe(
      false,
    );
    expect(result.usage['teacher']?.calls).toBe(runs.length);
    // Bootstrapped demonstrations of categories the task model gets wrong: the teacher's answers.
    const demoSets = (await checkpoints.records()).find((record) => record.kind === 'demo-sets');
    expect(demoSets).toBeDefined();
    const demoIds = (
      (demoSets?.data ?? { sets: [] }) as {
        sets: {
          modules: Record<string, (string | null)[]>;
          bootstrapped: Record<string, number>;
        }[];
      }
    ).sets.flatMap((set) =>
      (set.modules['answer'] ?? []).slice(0, set.bootstrapped['answer'] ?? 0),
    );
    const categories = new Set(
      demoIds.map(
        (id) => toyInstances('t', 24).find((instance) => instance.id === id)?.input['category'],
      ),
    );
    expect([...categories].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
  });

  it('without a teacher bootstraps on the task model, keeping only its passing runs', async () => {
    const { test, checkpoints } = context({});
    const result = await miproMethod.run(test.context);
    const runs = (await checkpoints.records())
      .filter((record) => record.kind === 'bootstrap-runs')
      .flatMap((record) => record.data as { passed: boolean }[]);
    expect(runs.some((run) => !run.passed)).toBe(true);
    expect(result.usage['teacher']).toBeUndefined();
  });
});

describe('MIPROv2 bootstrapping errors (maxErrors)', () => {
  /** A teacher whose service fails on category c. */
  const flakyTeacher = () =>
    new MockLanguageModel({
      modelId: 'flaky-teacher',
      responses: (request) => {
        const last = request.messages.at(-1);
        const content = last && 'content' in last ? last.content : '';
        const match = /category=(\w+) value=(\d+)/.exec(content);
        if (match?.[1] === 'c') throw new Error('teacher service failed');
        return `${match?.[1] ?? ''}:${match?.[2] ?? ''}`;
      },
    });

  it('reference counts a raising run as failed and goes on below maxErrors (10)', async () => {
    const { test, checkpoints } = context(
      { profile: 'reference', teacher: 'model' },
      flakyTeacher(),
    );
    const result = await miproMethod.run(test.context);
    const runs = (await checkpoints.records())
      .filter((record) => record.kind === 'bootstrap-runs')
      .flatMap((record) => record.data as { passed: boolean; error?: boolean }[]);
    const errors = runs.filter((run) => run.error === true).length;
    expect(errors).toBeGreaterThan(0);
    expect(errors).toBeLessThan(10);
    expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
    // The demo-sets record (read by the report) and the summary count them too.
    const [demoSets] = (await checkpoints.records()).filter(
      (record) => record.kind === 'demo-sets',
    );
    expect(demoSets?.data).toMatchObject({ errors });
    expect(result.summary?.['programErrors']).toEqual({ bootstrap: errors, search: 0 });
  });

  it('ends the run at maxErrors errors', async () => {
    const { test } = context({ teacher: 'model', maxErrors: 1 }, flakyTeacher());
    await expect(miproMethod.run(test.context)).rejects.toThrow(
      /1 program run\(s\) raised an error \(maxErrors 1\)/,
    );
  });

  it('paper: the first error ends the run', async () => {
    const { test } = context({ teacher: 'model' }, flakyTeacher());
    await expect(miproMethod.run(test.context)).rejects.toThrow(/teacher service failed/);
  });
});

describe('MIPROv2 profiles', () => {
  const evaluated = (score: number) =>
    ({
      instance: toyInstances('t', 1)[0],
      execution: { output: {}, trace: [] },
      evaluation: { score },
    }) as unknown as EvaluatedExecution;

  it("reference keeps any run scoring above 0 (DSPy's metric without a threshold); paper only perfect ones", () => {
    const reference = parseMiproSettings({ profile: 'reference' }).metricThreshold;
    const paper = parseMiproSettings({}).metricThreshold;
    expect(bootstrapOutcome(evaluated(0.5), reference).passed).toBe(true);
    expect(bootstrapOutcome(evaluated(0), reference).passed).toBe(false);
    expect(bootstrapOutcome(evaluated(0.5), paper).passed).toBe(false);
    expect(bootstrapOutcome(evaluated(1), paper).passed).toBe(true);
  });

  it('reference proposes instructions at init_temperature 1 (and its other calls at 1 too); paper leaves the temperature to the provider', async () => {
    for (const [profile, expected] of [
      ['reference', 1],
      ['paper', undefined],
    ] as const) {
      const { test, proposer } = context({ profile });
      await miproMethod.run(test.context);
      const proposals = proposer.requests.filter(
        (request) => request.metadata?.['sampleIndex'] !== undefined,
      );
      expect(proposals.length).toBeGreaterThan(0);
      for (const request of proposals) expect(request.temperature).toBe(expected);
      const others = proposer.requests.filter(
        (request) => request.metadata?.['sampleIndex'] === undefined,
      );
      // DSPy's data summary runs at 1 and its descriptions at init_temperature (1 by default):
      // see mipro-reference.test.ts.
      for (const request of others) expect(request.temperature).toBe(expected);
    }
  });

  it('reference plans the preset trial count; paper fills the ceiling', async () => {
    const reference = context({ profile: 'reference' });
    const paper = context({});
    const referenceResult = await miproMethod.run(reference.test.context);
    const paperResult = await miproMethod.run(paper.test.context);
    // Light preset, one module, demos searched: max(2·2·log2 6, 1.5·6) = 10 trials.
    expect(referenceResult.summary?.['trialsPlanned']).toBe(10);
    expect(paperResult.summary?.['trialsPlanned']).toBeGreaterThan(10);
  });
});

describe('instruction candidates', () => {
  it('a preset halves N when demos are searched; an explicit candidates count does not', () => {
    expect(instructionCount(parseMiproSettings({}), 6)).toBe(3);
    expect(instructionCount(parseMiproSettings({ candidates: 6 }), 6)).toBe(6);
    expect(instructionCount(parseMiproSettings({ candidates: 8 }), 6)).toBe(6);
    expect(
      instructionCount(parseMiproSettings({ maxBootstrappedDemos: 0, maxLabeledDemos: 0 }), 6),
    ).toBe(6);
  });
});
