import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import {
  dominatorPrograms,
  indexOfMax,
  instanceFronts,
  removeDominatedPrograms,
  selectFromParetoFront,
} from './pareto-front.js';

const mean = (row: readonly number[]) => row.reduce((sum, value) => sum + value, 0) / row.length;
const scores = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [0, 0, 1],
];
const aggregates = scores.map(mean);

describe('instance-level Pareto fronts', () => {
  it('hold, per validation instance, every candidate at the maximum score', () => {
    expect(instanceFronts(scores)).toEqual([[1, 2], [2], [3]]);
    expect(
      instanceFronts([
        [0.5, 0],
        [0.5, 0],
      ]),
    ).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('drop a candidate whose every front holds another survivor, lowest aggregate first', () => {
    // Candidate 1 is on front 0 only, where candidate 2 also is; 3 alone holds front 2.
    expect(removeDominatedPrograms(instanceFronts(scores), aggregates)).toEqual([[2], [2], [3]]);
    expect(dominatorPrograms(instanceFronts(scores), aggregates)).toEqual([2, 3]);
  });

  it('keep the later of two identical candidates (the earlier is visited and removed first)', () => {
    const twins = [
      [1, 1],
      [1, 1],
    ];
    expect(removeDominatedPrograms(instanceFronts(twins), [1, 1])).toEqual([[1], [1]]);
  });

  it('restart the scan after each removal, so coverage is judged against survivors only', () => {
    // 0 and 1 each share both fronts with 2; once 0 is gone, 1 is still covered by 2; 2 stays.
    const fronts = [
      [0, 1, 2],
      [0, 1, 2],
    ];
    expect(removeDominatedPrograms(fronts, [0.1, 0.2, 0.3])).toEqual([[2], [2]]);
  });
});

describe('Pareto parent selection', () => {
  it('draws survivors in proportion to the fronts they are on', () => {
    const fronts = instanceFronts(scores);
    const counts = new Map<number, number>();
    for (let draw = 0; draw < 3000; draw++) {
      const chosen = selectFromParetoFront(fronts, aggregates, createRandom(7, 'select', draw));
      counts.set(chosen, (counts.get(chosen) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([2, 3]);
    expect((counts.get(2) ?? 0) / 3000).toBeCloseTo(2 / 3, 1);
  });

  it('is a function of the random stream', () => {
    const fronts = instanceFronts(scores);
    const once = selectFromParetoFront(fronts, aggregates, createRandom(1, 'select', 4));
    const again = selectFromParetoFront(fronts, aggregates, createRandom(1, 'select', 4));
    expect(again).toBe(once);
  });
});

describe('indexOfMax', () => {
  it('returns the earliest of equal maxima', () => {
    expect(indexOfMax([0.2, 0.5, 0.5, 0.1])).toBe(1);
  });
});

describe('tie order in dominated-program removal', () => {
  // Candidates 3 and 9 tie on aggregate and share their only front. Python iterates the set
  // {3, 9} as [9, 3] (9 lands in slot 1 of the 8-slot table), so gepa-ai/gepa's
  // remove_dominated_programs (gepa_utils.py:54–92) removes 9 first and keeps 3: run on
  // {0: {3, 9}} with equal scores it returns {0: {3}}. Index order keeps 9.
  const aggregates = Array.from({ length: 10 }, () => 0.5);
  it('keeps the later candidate in index order (paper) and the earlier one in set order (reference)', () => {
    expect(removeDominatedPrograms([[3, 9]], aggregates)).toEqual([[9]]);
    expect(removeDominatedPrograms([[3, 9]], aggregates, 'python-set')).toEqual([[3]]);
    expect(dominatorPrograms([[0], [3, 9]], aggregates, 'python-set')).toEqual([0, 3]);
  });

  it('walks a copy of each front, as the reference does (reference profile)', () => {
    // gepa-ai/gepa b265bf9 hands remove_dominated_programs copies of its fronts,
    // `set(front)` (src/gepa/core/state.py:1030). The front {0, 2, 5, 9, 17} was built in 32
    // slots; its copy has 16, where 17 lands in slot 1: the copy iterates [0, 17, 2, 5, 9]. With
    // equal aggregates gepa_utils.py:56–77 then removes 0, 17, 2 and 5 and keeps 9; run on
    // {0: set(front)} with equal scores it returns {0: {9}}. Walking the front as built keeps 17.
    const equal = Array.from({ length: 18 }, () => 0.5);
    expect(removeDominatedPrograms([[0, 2, 5, 9, 17]], equal, 'python-set')).toEqual([[9]]);
    expect(removeDominatedPrograms([[0, 2, 5, 9, 17]], equal)).toEqual([[17]]);
  });

  it('agree while every index fits the set table', () => {
    const fronts = [[1, 2], [2], [3]];
    expect(removeDominatedPrograms(fronts, [0, 0.3, 0.3, 0.3], 'python-set')).toEqual(
      removeDominatedPrograms(fronts, [0, 0.3, 0.3, 0.3]),
    );
  });
});
