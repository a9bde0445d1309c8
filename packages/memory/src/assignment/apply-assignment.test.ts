import { describe, expect, it } from 'vitest';
import { answer, deepFreeze, makeObservation } from '../__fixtures__/observations.js';
import type { Observation } from '../observation/observation.js';
import {
  activeModes,
  advanceEpoch,
  createFailureMemory,
  type FailureMemoryState,
} from '../state/failure-memory-state.js';
import { applyAssignment } from './apply-assignment.js';

const first = makeObservation('o-1');
const second = makeObservation('o-2');
const third = makeObservation('o-3');

function run(
  steps: readonly [Observation, string][],
  state = createFailureMemory(),
): FailureMemoryState {
  return steps.reduce((current, [observation, text]) => {
    return applyAssignment(current, observation, text).state;
  }, state);
}

const withOne = run([[first, answer(null, 'off_by_one', 'Final arithmetic step is off by one.')]]);

describe('applyAssignment: the three legal forms', () => {
  it('creates a mode whose first support is the observation', () => {
    const { state, outcome } = applyAssignment(
      createFailureMemory(),
      first,
      answer(null, 'off_by_one', '  Final arithmetic step is off by one.  '),
    );
    expect(outcome).toEqual({ action: 'create', modeId: 'e0-m0', name: 'off_by_one' });
    expect(state.modes).toEqual([
      {
        id: 'e0-m0',
        name: 'off_by_one',
        description: 'Final arithmetic step is off by one.',
        epoch: 0,
        observations: [first],
        renames: [],
      },
    ]);
    expect(state.actions).toEqual({ create: 1, assign: 0, rename: 0 });
  });

  it('assigns to an existing mode, appending in order', () => {
    const state = run(
      [
        [second, answer('off_by_one', null, null)],
        [third, answer('off_by_one', null, null)],
      ],
      withOne,
    );
    expect(state.modes[0]?.observations.map((observation) => observation.id)).toEqual([
      'o-1',
      'o-2',
      'o-3',
    ]);
    expect(state.actions).toEqual({ create: 1, assign: 2, rename: 0 });
  });

  it('renames then assigns, keeping the id and recording the old name and description', () => {
    const { state, outcome } = applyAssignment(
      withOne,
      second,
      answer('off_by_one', 'arithmetic_slip', 'Any slip in a final arithmetic step.'),
    );
    expect(outcome).toEqual({
      action: 'rename',
      modeId: 'e0-m0',
      name: 'arithmetic_slip',
      previousName: 'off_by_one',
    });
    const mode = state.modes[0];
    expect(mode?.id).toBe('e0-m0');
    expect(mode?.name).toBe('arithmetic_slip');
    expect(mode?.description).toBe('Any slip in a final arithmetic step.');
    expect(mode?.observations.map((observation) => observation.id)).toEqual(['o-1', 'o-2']);
    expect(mode?.renames).toEqual([
      {
        from: 'off_by_one',
        to: 'arithmetic_slip',
        previousDescription: 'Final arithmetic step is off by one.',
        step: 3,
        observationId: 'o-2',
      },
    ]);
  });

  it('accepts a rename to the same name as a description rewrite', () => {
    const { state, outcome } = applyAssignment(
      withOne,
      second,
      answer('off_by_one', 'off_by_one', 'Sharper description.'),
    );
    expect(outcome.action).toBe('rename');
    expect(state.modes[0]?.name).toBe('off_by_one');
    expect(state.modes[0]?.description).toBe('Sharper description.');
    expect(state.modes[0]?.renames[0]?.from).toBe('off_by_one');
  });

  it('lets a later observation see modes created and renamed by earlier ones', () => {
    const state = run([
      [first, answer(null, 'off_by_one', 'A.')],
      [second, answer('off_by_one', 'arithmetic_slip', 'B.')],
      [third, answer('arithmetic_slip', null, null)],
    ]);
    expect(activeModes(state).map((mode) => [mode.name, mode.observations.length])).toEqual([
      ['arithmetic_slip', 3],
    ]);
  });

  it('numbers modes within their epoch', () => {
    const state = run([
      [first, answer(null, 'alpha', 'A.')],
      [second, answer(null, 'beta', 'B.')],
    ]);
    expect(state.modes.map((mode) => mode.id)).toEqual(['e0-m0', 'e0-m1']);
  });
});

describe('applyAssignment: no-ops', () => {
  const valid = JSON.stringify({
    cluster_name: null,
    new_cluster_name: 'x_y',
    new_failure_description: 'd',
  });
  const cases: [string, string, string, string][] = [
    ['no block', 'I think it is an arithmetic error.', 'missing-block', 'no <assignment>'],
    ['unclosed block', `<assignment>${valid}`, 'missing-block', 'never closed'],
    [
      'two blocks',
      `<assignment>${valid}</assignment><assignment>${valid}</assignment>`,
      'multiple-blocks',
      'more than one',
    ],
    ['empty block', '<assignment>  </assignment>', 'invalid-json', 'empty'],
    ['bad JSON', '<assignment>{"cluster_name": null,}</assignment>', 'invalid-json', 'JSON'],
    ['a JSON array', '<assignment>[1, 2]</assignment>', 'invalid-json', 'array'],
    [
      'an extra key',
      answer(null, 'x_y', 'd').replace('}', ',"confidence":0.9}'),
      'illegal-combination',
      '"confidence"',
    ],
    [
      'a missing key',
      '<assignment>{"cluster_name": null, "new_cluster_name": "x_y"}</assignment>',
      'illegal-combination',
      '"new_failure_description"',
    ],
    [
      'a number where a name belongs',
      '<assignment>{"cluster_name": 3, "new_cluster_name": null, "new_failure_description": null}</assignment>',
      'illegal-combination',
      'string or null',
    ],
    ['a blank string', answer('', null, null), 'illegal-combination', 'blank'],
    ['all null', answer(null, null, null), 'illegal-combination', 'no legal form'],
    ['create without description', answer(null, 'x_y', null), 'illegal-combination', 'no legal'],
    ['description only', answer(null, null, 'd'), 'illegal-combination', 'no legal form'],
    ['rename without description', answer('off_by_one', 'x_y', null), 'illegal-combination', ''],
    ['assign with description', answer('off_by_one', null, 'd'), 'illegal-combination', ''],
    ['unknown destination', answer('nonexistent', null, null), 'unknown-cluster', 'nonexistent'],
    ['rename of an unknown mode', answer('ghost', 'x_y', 'd'), 'unknown-cluster', 'ghost'],
    ['a destination in other case', answer('Off_By_One', null, null), 'unknown-cluster', ''],
    ['create with a taken name', answer(null, 'off_by_one', 'd'), 'name-conflict', 'already'],
    ['create with a CamelCase name', answer(null, 'OffByOne', 'd'), 'invalid-name', 'snake_case'],
    ['create with spaces', answer(null, 'off by one', 'd'), 'invalid-name', 'snake_case'],
    ['create with a long name', answer(null, 'a'.repeat(65), 'd'), 'invalid-name', 'longer'],
    ['rename to a bad name', answer('off_by_one', 'Bad-Name', 'd'), 'invalid-name', ''],
  ];

  it.each(cases)('%s → %s', (_label, text, reason, detail) => {
    const before = deepFreeze(structuredClone(withOne));
    const { state, outcome } = applyAssignment(before, second, text);
    expect(outcome).toMatchObject({ action: 'no-op', reason });
    if (outcome.action === 'no-op') expect(outcome.detail).toContain(detail);
    expect(state.modes).toBe(before.modes);
    expect(state.actions).toEqual(before.actions);
    expect(state.noOps[reason as keyof typeof state.noOps]).toBe(1);
    const others = Object.entries(state.noOps).filter(([key]) => key !== reason);
    expect(others.every(([, value]) => value === 0)).toBe(true);
  });

  it('refuses a rename onto a name another active mode holds', () => {
    const two = run([[second, answer(null, 'format_slip', 'F.')]], withOne);
    const { state, outcome } = applyAssignment(
      two,
      third,
      answer('off_by_one', 'format_slip', 'd'),
    );
    expect(outcome).toMatchObject({ action: 'no-op', reason: 'name-conflict' });
    expect(state.modes).toBe(two.modes);
  });

  it('treats modes of a closed epoch as unknown, and frees their names', () => {
    const next = advanceEpoch(withOne);
    expect(applyAssignment(next, second, answer('off_by_one', null, null)).outcome).toMatchObject({
      action: 'no-op',
      reason: 'unknown-cluster',
    });
    const created = applyAssignment(next, second, answer(null, 'off_by_one', 'Again.'));
    expect(created.outcome).toEqual({ action: 'create', modeId: 'e1-m0', name: 'off_by_one' });
    expect(created.state.modes.map((mode) => `${mode.id}:${mode.name}`)).toEqual([
      'e0-m0:off_by_one',
      'e1-m0:off_by_one',
    ]);
  });
});

describe('applyAssignment: purity', () => {
  it('never mutates its input and shares untouched modes', () => {
    const two = deepFreeze(run([[second, answer(null, 'format_slip', 'F.')]], withOne));
    const snapshot = JSON.stringify(two);
    const { state } = applyAssignment(two, third, answer('format_slip', null, null));
    expect(JSON.stringify(two)).toBe(snapshot);
    expect(state.modes[0]).toBe(two.modes[0]);
    expect(state.modes[1]).not.toBe(two.modes[1]);
    expect(state.modes[1]?.observations[0]).toBe(two.modes[1]?.observations[0]);
  });

  it('gives the same result when replayed from saved text', () => {
    const answers: [Observation, string][] = [
      [first, answer(null, 'off_by_one', 'A.')],
      [second, 'garbage'],
      [third, answer('off_by_one', 'arithmetic_slip', 'B.')],
    ];
    const live = run(answers);
    const replayed = run(
      answers.map(([observation, text]) => [structuredClone(observation), text] as const),
    );
    expect(replayed).toEqual(live);
    expect(JSON.parse(JSON.stringify(live))).toEqual(live);
  });
});
