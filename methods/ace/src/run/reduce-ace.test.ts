import { describe, expect, it } from 'vitest';
import { createPlaybook, type Playbook } from '../playbook/playbook.js';
import type { SampleOutcome } from './ace-state.js';
import { reduceAce, seedState } from './reduce-ace.js';

const empty = createPlaybook(['rules']);
const grown: Playbook = {
  ...empty,
  nextId: 2,
  bullets: [
    { id: 'rule-00001', section: 'rules', module: null, content: 'x', helpful: 0, harmful: 0 },
  ],
};
const outcome = (changed: boolean, initialScore = 0): SampleOutcome => ({
  instanceId: 't0',
  evaluations: 3,
  initialScore,
  finalScore: 1,
  postScore: 1,
  rounds: initialScore === 1 ? 0 : 1,
  corrected: initialScore !== 1,
  reflections: [],
  curation: changed
    ? {
        outcome: 'applied',
        applied: [],
        rejected: [],
        merges: [],
        evicted: [],
        dropped: [],
        reverted: false,
        changed: true,
      }
    : { outcome: 'skipped' },
  playbook: changed ? grown : empty,
  usage: [{ role: 'task', calls: 3, inputTokens: 30, outputTokens: 3, costUsd: 0 }],
});
const trained = (changed: boolean, evalSteps: number | null = null) =>
  ({ type: 'sample-trained', outcome: outcome(changed), epochSize: 3, evalSteps }) as const;

describe('reduceAce', () => {
  it('starts from the validated seed', () => {
    const state = seedState(empty, [0, 1, 1, 0], []);
    expect(state).toMatchObject({ evaluationsUsed: 4, best: 0, step: 0, epoch: 0 });
    expect(state.candidates[0]).toMatchObject({
      index: 0,
      parent: null,
      origin: 'seed',
      validation: 0.5,
    });
  });

  it('counts evaluations and usage per sample, and asks for a validation at the epoch end', () => {
    let state = seedState(empty, [0, 0], []);
    state = reduceAce(state, trained(true));
    expect(state).toMatchObject({
      step: 1,
      position: 1,
      evaluationsUsed: 5,
      validationDue: null,
      epochChanged: true,
    });
    expect(state.usage['task']).toEqual({ calls: 3, inputTokens: 30, outputTokens: 3, costUsd: 0 });
    state = reduceAce(reduceAce(state, trained(false)), trained(false));
    expect(state).toMatchObject({
      step: 3,
      epoch: 1,
      position: 0,
      epochsCompleted: 1,
      lastEpochChanged: true,
      epochChanged: false,
      validationDue: 'epoch-end',
    });
  });

  it('asks for a validation every evalSteps samples within the epoch', () => {
    let state = seedState(empty, [0], []);
    state = reduceAce(state, trained(false, 2));
    expect(state.validationDue).toBeNull();
    state = reduceAce(state, trained(false, 2));
    expect(state.validationDue).toBe('eval-steps');
  });

  it('appends validated candidates with their parent and keeps the earliest best on ties', () => {
    let state = seedState(empty, [0, 1], []);
    state = reduceAce(state, trained(true));
    state = reduceAce(state, {
      type: 'playbook-validated',
      origin: 'final',
      scores: [1, 1],
      usage: [],
    });
    expect(state.candidates[1]).toMatchObject({
      index: 1,
      parent: 0,
      origin: 'final',
      validation: 1,
      playbook: grown,
    });
    expect(state).toMatchObject({ best: 1, evaluationsUsed: 7, validationDue: null });
    state = reduceAce(state, {
      type: 'playbook-validated',
      origin: 'final',
      scores: [1, 1],
      usage: [],
    });
    expect(state.best).toBe(1);
    expect(state.history.map((point) => point.bestCandidate)).toEqual([0, 1, 1]);
  });

  it('records a skipped validation and the run`s own end', () => {
    let state = seedState(empty, [0], []);
    state = reduceAce({ ...state, validationDue: 'epoch-end' }, { type: 'validation-skipped' });
    expect(state.validationDue).toBeNull();
    expect(state.tallies.validationsSkipped).toBe(1);
    expect(reduceAce(state, { type: 'run-finished', reason: 'done' }).finished).toBe('done');
  });
});
