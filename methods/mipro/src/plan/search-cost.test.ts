import { describe, expect, it } from 'vitest';
import {
  fullEvaluations,
  largestTrials,
  type SearchCostModel,
  searchEvaluations,
} from './search-cost.js';

const minibatch: SearchCostModel = {
  validationSize: 100,
  minibatch: true,
  minibatchSize: 35,
  fullEvalSteps: 5,
};
const full: SearchCostModel = { ...minibatch, validationSize: 20, minibatch: false };

describe('the search estimate', () => {
  it('counts the seed, the trials and one full evaluation per five trials (and after the last)', () => {
    expect(fullEvaluations(10, minibatch)).toBe(2);
    expect(fullEvaluations(11, minibatch)).toBe(3);
    expect(searchEvaluations(10, minibatch)).toBe(100 + 350 + 200);
    expect(searchEvaluations(11, minibatch)).toBe(100 + 385 + 300);
    // Without minibatches every trial is a full evaluation.
    expect(searchEvaluations(7, full)).toBe(20 + 7 * 20);
  });

  it('picks the largest trial count that fits, for every ceiling', () => {
    for (const model of [minibatch, full]) {
      for (let available = 0; available <= 2000; available += 7) {
        const trials = largestTrials(available, model);
        if (trials > 0) expect(searchEvaluations(trials, model)).toBeLessThanOrEqual(available);
        expect(searchEvaluations(trials + 1, model)).toBeGreaterThan(available);
      }
    }
    expect(largestTrials(650, minibatch)).toBe(10);
    expect(largestTrials(10_000, minibatch, 12)).toBe(12);
    // A cap below what fits is the count; a cap above it changes nothing.
    for (const cap of [1, 2, 3, 7, 9, 10, 11, 50]) {
      expect(largestTrials(650, minibatch, cap)).toBe(Math.min(cap, 10));
    }
    expect(largestTrials(99, minibatch)).toBe(0);
  });
});
