import { checkMethodResume, createMethodTestContext } from '@forge/method/testing';
import { createSimWorld } from '@forge/sim';
import { describe, expect, it } from 'vitest';
import { gepaMergeMethod, gepaMethod } from './gepa-method.js';

// The simulated world (SIMULATED models, not a real model's behaviour): GEPA's reflection
// request is answered by the simulated optimizer from the feedback it is shown.

async function simOptions(seed: number) {
  const world = createSimWorld({ seed });
  const splits = await world.benchmark.loadSplits();
  return {
    benchmark: world.benchmark,
    train: splits.train,
    validation: splits.validation,
    taskModel: world.taskModel,
    optimizerModel: world.optimizerModel,
    seed,
  };
}

describe.each([gepaMethod, gepaMergeMethod])('$id on the simulated benchmark', (method) => {
  it.each([0, 1])('improves over the seed within the ceiling (seed %i)', async (seed) => {
    const test = createMethodTestContext({
      ...(await simOptions(seed)),
      budget: { maxEvaluations: 400 },
      settings: method.parseSettings?.({}) ?? {},
    });
    const result = await method.run(test.context);
    expect(result.bestValidation).toBeGreaterThan(result.seedValidation);
    expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
    expect(result.evaluationsUsed).toBeLessThanOrEqual(400);
  });

  it('resumes to the identical result after being cut', async () => {
    const report = await checkMethodResume(method, {
      ...(await simOptions(2)),
      budget: { maxEvaluations: 300 },
      settings: method.parseSettings?.({}) ?? {},
      cutAfterEvaluations: [10, 47, 120, 121, 200, 260],
    });
    expect(report.interruptions).toBeGreaterThanOrEqual(5);
    expect(report.resumed).toEqual(report.whole);
    expect(report.whole.bestValidation).toBeGreaterThan(report.whole.seedValidation);
  });
});

it('GEPA+merge merges on the simulated benchmark', async () => {
  const test = createMethodTestContext({
    ...(await simOptions(0)),
    budget: { maxEvaluations: 600 },
    settings: gepaMergeMethod.parseSettings?.({}) ?? {},
  });
  const result = await gepaMergeMethod.run(test.context);
  expect(result.summary?.['mergesAccepted']).toBeGreaterThan(0);
  const lineage = result.summary?.['lineage'] as { origin: string; parents: number[] }[];
  const merged = lineage.filter((entry) => entry.origin === 'merge');
  expect(merged.length).toBe(result.summary?.['mergesAccepted']);
  for (const entry of merged) expect(entry.parents).toHaveLength(2);
});
