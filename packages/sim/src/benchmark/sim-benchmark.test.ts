import { describe, expect, it } from 'vitest';
import { cleanWorld, meanScore, promptsWith, runOn } from '../__fixtures__/contract-messages.js';
import { checkDateTool } from './check-date-tool.js';
import { createSimBenchmark, simBenchmarkPackage } from './sim-benchmark.js';

const world = cleanWorld();
const splits = await world.benchmark.loadSplits();
const validationOnly = splits.validation.filter((instance) =>
  ((instance.metadata?.['rules'] ?? []) as string[]).some((rule) =>
    ['slash-month-first', 'two-digit-pivot', 'ignore-distractors'].includes(rule),
  ),
);
const trainLike = splits.validation.filter((instance) => !validationOnly.includes(instance));

describe('the simulated benchmark', () => {
  it('says it is simulated and carries the contract parts', () => {
    expect(world.benchmark.id).toBe('sim');
    expect(world.benchmark.title).toBe('Date normalisation (simulated)');
    expect(world.benchmark.program.modules.map((module) => module.name)).toEqual([
      'interpret',
      'format',
    ]);
    expect(world.benchmark.synthesis).toEqual({ attempts: 12, epochs: 3, patience: 8 });
    expect(world.benchmark.synthesisTools?.map((tool) => tool.name)).toEqual(['check_date']);
  });

  it('scores the seed prompts low on validation', async () => {
    expect(
      await meanScore(
        world,
        promptsWith(world, () => false),
        splits.validation,
      ),
    ).toBeCloseTo(0.3, 5);
  });

  it('with the phrases training exposes: perfect on training, and only the validation-only cases fail', async () => {
    const prompts = promptsWith(world, (rule) => rule.exposedBy === 'train');
    expect(await meanScore(world, prompts, splits.train)).toBe(1);
    expect(await meanScore(world, prompts, trainLike)).toBe(1);
    expect(await meanScore(world, prompts, validationOnly)).toBe(0);
    expect(await meanScore(world, prompts, splits.validation)).toBeCloseTo(0.6, 5);
  });

  it('adding the phrases only boundary, negative and stress cases expose fixes those', async () => {
    const prompts = promptsWith(world, () => true);
    expect(await meanScore(world, prompts, splits.validation)).toBe(1);
    expect(await meanScore(world, prompts, splits.test)).toBe(1);
  });

  it('runs both modules in order and records them in the trace', async () => {
    const instance = splits.train[0];
    if (instance === undefined) throw new Error('no training instance');
    const evaluated = await runOn(
      world,
      promptsWith(world, () => false),
      instance,
    );
    expect(evaluated.execution.trace.map((entry) => entry.module)).toEqual(['interpret', 'format']);
    expect(evaluated.execution.usage?.inputTokens).toBeGreaterThan(0);
  });

  it('is registered through its package with the world knobs as settings', async () => {
    const benchmark = await simBenchmarkPackage.createBenchmark({ settings: { seed: 4, size: 6 } });
    const generated = await benchmark.loadSplits();
    expect(generated.train).toHaveLength(6);
    expect(generated).toEqual(await createSimBenchmark({ seed: 4, size: 6 }).loadSplits());
    expect(() => simBenchmarkPackage.createBenchmark({ settings: { sizes: 3 } })).toThrow(
      /sim option/,
    );
  });

  it('offers check_date, which reads a text under the hidden rules', async () => {
    expect(await checkDateTool.execute({ text: "Born 3 Sept '87." }, {})).toMatchObject({
      found: true,
      iso_date: '1987-09-03',
      month_style: 'abbreviated',
      century: '1900s',
    });
    expect(await checkDateTool.execute({ text: 'no date' }, {})).toMatchObject({ found: false });
  });
});
