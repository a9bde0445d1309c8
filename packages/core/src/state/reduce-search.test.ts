import { describe, expect, it } from 'vitest';
import { reduceSearch } from './reduce-search.js';
import type { StepCompletedAction } from './search-action.js';
import { createSearchState, type SearchState } from './search-state.js';

function seeded(): SearchState {
  const state = createSearchState({
    seed: 0,
    modules: ['only'],
    minibatchSize: 1,
    trainingIds: ['t0'],
    validationIds: ['v0', 'v1'],
  });
  return reduceSearch(state, {
    type: 'seed-evaluated',
    prompts: { only: 'seed' },
    validationScores: [0.5, 0],
    usage: [],
  });
}

function step(state: SearchState, accepted?: readonly number[]): StepCompletedAction {
  return {
    type: 'step-completed',
    record: {
      step: state.step,
      parent: 0,
      module: 'only',
      minibatch: ['t0'],
      parentScores: [0],
      outcome: accepted === undefined ? 'rejected' : 'accepted',
      evaluations: accepted === undefined ? 2 : 4,
      ...(accepted === undefined ? {} : { candidate: state.candidates.length }),
    },
    sampler: { order: ['t0'], cursor: 1, epochs: 1 },
    ...(accepted === undefined
      ? {}
      : { accepted: { prompts: { only: `p${state.step}` }, validationScores: accepted } }),
    usage: [],
  };
}

describe('reduceSearch', () => {
  it('keeps the pool and the score matrix as they are on a step that accepts nothing', () => {
    const before = seeded();
    const after = reduceSearch(before, step(before));
    expect(after.candidates).toBe(before.candidates);
    expect(after.validationScores).toBe(before.validationScores);
    expect(after.step).toBe(1);
  });

  it('appends an accepted candidate without copying any score row, and leaves the old state intact', () => {
    const before = seeded();
    const row = [1, 0.5];
    const after = reduceSearch(before, step(before, row));
    expect(after.validationScores).toHaveLength(2);
    expect(after.validationScores[0]).toBe(before.validationScores[0]);
    expect(after.validationScores[1]).toBe(row);
    expect(after.candidates[0]).toBe(before.candidates[0]);
    expect(before.candidates).toHaveLength(1);
    expect(before.validationScores).toHaveLength(1);
    expect(after.bestCandidate).toBe(1);
  });
});
