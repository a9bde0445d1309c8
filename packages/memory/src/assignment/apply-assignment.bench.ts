import { bench, describe } from 'vitest';
import { answer, makeObservation } from '../__fixtures__/observations.js';
import { createFailureMemory, type FailureMemoryState } from '../state/failure-memory-state.js';
import { applyAssignment } from './apply-assignment.js';

// A large memory: 3 closed epochs and an active one, 40 modes per epoch, 250 observations each
// (40,000 observations). One step of the core applies a handful of answers to such a state.
function largeMemory(): FailureMemoryState {
  let state = createFailureMemory();
  for (let epoch = 0; epoch < 4; epoch++) {
    for (let mode = 0; mode < 40; mode++) {
      state = applyAssignment(
        state,
        makeObservation(`e${epoch}-${mode}-0`),
        answer(null, `mode_${mode}`, `Mechanism ${mode}.`),
      ).state;
      for (let index = 1; index < 250; index++) {
        state = applyAssignment(
          state,
          makeObservation(`e${epoch}-${mode}-${index}`),
          answer(`mode_${mode}`, null, null),
        ).state;
      }
    }
    if (epoch < 3) state = { ...state, epoch: state.epoch + 1 };
  }
  return state;
}

const state = largeMemory();
const observation = makeObservation('new');

describe('applyAssignment on 40,000 observations', () => {
  bench('assign', () => {
    applyAssignment(state, observation, answer('mode_39', null, null));
  });
  bench('rename', () => {
    applyAssignment(state, observation, answer('mode_20', 'mode_20_refined', 'Refined.'));
  });
  bench('no-op (unknown failure mode)', () => {
    applyAssignment(state, observation, answer('ghost', null, null));
  });
});
