import {
  checkMethodResume,
  createMethodTestContext,
  worldTestOptions,
} from '@forge/method/testing';
import { createSimWorld } from '@forge/sim';
import { describe, expect, it } from 'vitest';
import { gepaMergeMethod, gepaMethod } from './gepa-method.js';

// The simulated world (SIMULATED models, not a real model's behaviour): GEPA's reflection
// request is answered by the simulated optimizer from the feedback it is shown.

async function simOptions(seed: number) {
  return { ...(await worldTestOptions(createSimWorld({ seed }))), seed };
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

it('GEPA+merge with the reference profile resumes to the identical result', async () => {
  const report = await checkMethodResume(gepaMergeMethod, {
    ...(await simOptions(1)),
    budget: { maxEvaluations: 300 },
    settings: gepaMergeMethod.parseSettings?.({ profile: 'reference' }) ?? {},
    cutAfterEvaluations: [47, 121, 260, 299],
  });
  expect(report.interruptions).toBeGreaterThanOrEqual(3);
  expect(report.resumed).toEqual(report.whole);
  expect(report.whole.evaluationsUsed).toBeGreaterThanOrEqual(300);
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

describe('the budget rule of each profile on the simulated benchmark', () => {
  // gepa-ai/gepa checks `total_num_evals >= max_metric_calls` only at the top of its loop, so an
  // iteration starts whenever the ceiling is not reached — even when only its two minibatches
  // (2b) fit — and an accepted child's validation pass then overshoots it.
  const ceilings = [250, 333, 400];
  it.each([gepaMethod, gepaMergeMethod])(
    '$id: reference starts iterations that only partly fit and overshoots; paper never exceeds',
    async (method) => {
      let overshoots = 0;
      let partlyFitting = 0;
      for (const [index, maxEvaluations] of ceilings.entries()) {
        const options = await simOptions(index);
        const worst = 2 * 3 + options.validation.length;
        const reference = createMethodTestContext({
          ...options,
          budget: { maxEvaluations },
          settings: method.parseSettings?.({ profile: 'reference' }) ?? {},
        });
        const result = await method.run(reference.context);
        expect(result.evaluationsUsed).toBe(reference.evaluationsCounted());
        expect(result.evaluationsUsed).toBeGreaterThanOrEqual(maxEvaluations);
        expect(result.evaluationsUsed).toBeLessThan(maxEvaluations + worst);
        if (result.evaluationsUsed > maxEvaluations) overshoots++;
        // Evaluations used when each iteration started: after the seed's pass, then after each
        // iteration but the last.
        const ends = reference.events.flatMap((event) =>
          event.type === 'step-end' ? [event.evaluationsUsed] : [],
        );
        const starts = [options.validation.length, ...ends.slice(0, -1)];
        partlyFitting += starts.filter((used) => used + worst > maxEvaluations).length;
        for (const used of starts) expect(used).toBeLessThan(maxEvaluations);

        const paper = createMethodTestContext({
          ...options,
          budget: { maxEvaluations },
          settings: method.parseSettings?.({}) ?? {},
        });
        const paperResult = await method.run(paper.context);
        expect(paperResult.evaluationsUsed).toBeLessThanOrEqual(maxEvaluations);
        expect(paperResult.evaluationsUsed + worst).toBeGreaterThan(maxEvaluations);
      }
      expect(partlyFitting).toBeGreaterThan(0);
      expect(overshoots).toBeGreaterThan(0);
    },
  );
});
