import { InvalidArgumentError } from '@forge/provider';
import { describe, expect, it } from 'vitest';
import { answer, makeObservation } from '../__fixtures__/observations.js';
import { applyAssignment } from '../assignment/apply-assignment.js';
import {
  activeModes,
  advanceEpoch,
  countNoOps,
  createFailureMemory,
  type FailureMemoryState,
  modesOfEpoch,
} from './failure-memory-state.js';
import { parseFailureMemoryState } from './parse-failure-memory-state.js';

function apply(state: FailureMemoryState, id: string, text: string): FailureMemoryState {
  return applyAssignment(state, makeObservation(id), text).state;
}

function twoEpochs(): FailureMemoryState {
  let state = createFailureMemory();
  state = apply(state, 'o-1', answer(null, 'alpha', 'A.'));
  state = apply(state, 'o-2', answer(null, 'beta', 'B.'));
  state = apply(state, 'o-3', 'no block at all');
  state = advanceEpoch(state);
  state = apply(state, 'o-4', answer(null, 'gamma', 'C.'));
  return state;
}

describe('epochs', () => {
  it('advancing keeps history and empties the active catalogue', () => {
    let state = createFailureMemory();
    state = apply(state, 'o-1', answer(null, 'alpha', 'A.'));
    const advanced = advanceEpoch(state);
    expect(advanced.epoch).toBe(1);
    expect(activeModes(advanced)).toEqual([]);
    expect(advanced.modes).toBe(state.modes);
    expect(modesOfEpoch(advanced, 0).map((mode) => mode.name)).toEqual(['alpha']);
  });

  it('separates the modes of each epoch and keeps counters over all of them', () => {
    const state = twoEpochs();
    expect(activeModes(state).map((mode) => mode.id)).toEqual(['e1-m0']);
    expect(modesOfEpoch(state, 0).map((mode) => mode.id)).toEqual(['e0-m0', 'e0-m1']);
    expect(state.actions.create).toBe(3);
    expect(state.noOps['missing-block']).toBe(1);
    expect(countNoOps(state)).toBe(1);
  });

  it('advances even an empty epoch', () => {
    expect(advanceEpoch(advanceEpoch(createFailureMemory())).epoch).toBe(2);
  });
});

describe('parseFailureMemoryState', () => {
  it('round-trips through JSON', () => {
    const state = twoEpochs();
    const loaded = parseFailureMemoryState(JSON.parse(JSON.stringify(state)));
    expect(loaded).toEqual(state);
    expect(apply(loaded, 'o-5', answer('gamma', null, null))).toEqual(
      apply(state, 'o-5', answer('gamma', null, null)),
    );
  });

  it.each([
    ['a missing counter', (s: Record<string, unknown>) => delete s['noOps'], 'noOps'],
    [
      'a non-snake name',
      (s: { modes: { name: string }[] }) => {
        s.modes[0]!.name = 'Alpha';
      },
      'modes.0.name',
    ],
    [
      'a mode from the future',
      (s: { modes: { epoch: number }[] }) => {
        s.modes[2]!.epoch = 5;
      },
      'modes.2.epoch',
    ],
    [
      'a name used twice in one epoch',
      (s: { modes: { name: string }[] }) => {
        s.modes[1]!.name = 'alpha';
      },
      'modes.1.name',
    ],
    [
      'a perfect observation',
      (s: { modes: { observations: { score: number }[] }[] }) => {
        s.modes[0]!.observations[0]!.score = 1;
      },
      'modes.0.observations.0.score',
    ],
  ])('rejects %s, naming the field', (_label, corrupt, path) => {
    const saved = JSON.parse(JSON.stringify(twoEpochs()));
    (corrupt as (value: unknown) => void)(saved);
    let caught: unknown;
    try {
      parseFailureMemoryState(saved);
    } catch (error) {
      caught = error;
    }
    expect(InvalidArgumentError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toContain(`field "${path}"`);
  });
});
