import { describe, expect, it } from 'vitest';
import { doneResult, smallSpec, solvedFirst } from './__fixtures__/cell-results.js';
import type { CellGroup } from './cell-scores.js';
import { entryComparison, entryInterval, testSetSize } from './entry-statistics.js';
import { planSuite } from './plan-suite.js';
import { StatisticsMemo } from './statistics-memo.js';
import type { SuiteCellResult } from './suite-cell-result.js';

const spec = { ...smallSpec, seeds: [0, 1] };
const plan = planSuite(spec);
const group = (benchmark: string, method: string): CellGroup => ({
  benchmark,
  method,
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  arm: 'original',
});
/** Done cells of alpha/beta × method × seed, with the given per-instance scores. */
function world(scores: Record<string, Record<string, number>>) {
  const cells: SuiteCellResult[] = [];
  const instanceScores: Record<string, Record<string, number>> = {};
  for (const cell of plan.cells) {
    const key = `${cell.benchmark}/${cell.method}@${cell.seed}`;
    const perInstance = scores[key];
    if (perInstance === undefined) continue;
    const values = Object.values(perInstance);
    const bestTest = values.reduce((sum, value) => sum + value, 0) / values.length;
    cells.push(doneResult(cell, { bestTest, evaluationsUsed: 10 }));
    instanceScores[cell.id] = perInstance;
  }
  return { cells, instanceScores };
}

describe('entryInterval', () => {
  it('resamples the seeds of the mean and their instances, in %', () => {
    const { cells, instanceScores } = world({
      'alpha/forge@0': solvedFirst(30, 40),
      'alpha/forge@1': solvedFirst(20, 40),
    });
    const interval = entryInterval({
      cells,
      groups: [group('alpha', 'forge')],
      seeds: spec.seeds,
      instanceScores,
    });
    expect(interval).toMatchObject({
      level: 0.95,
      method: 'bootstrap-seeds-instances',
      draws: 2_000,
      seeds: 2,
      instances: 40,
    });
    // Around the mean of 62.5 %, within what seeds at 75 % and 50 % allow.
    expect(interval?.low).toBeGreaterThan(35);
    expect(interval?.low).toBeLessThan(62.5);
    expect(interval?.high).toBeGreaterThan(62.5);
    expect(interval?.high).toBeLessThan(90);
  });

  it("reuses a table's benchmark draws for its Aggregate without changing it", () => {
    const { cells, instanceScores } = world({
      'alpha/forge@0': solvedFirst(30, 40),
      'alpha/forge@1': solvedFirst(20, 40),
      'beta/forge@0': solvedFirst(5, 20),
      'beta/forge@1': solvedFirst(9, 20),
    });
    const groups = [group('alpha', 'forge'), group('beta', 'forge')];
    const options = { cells, seeds: spec.seeds, instanceScores };
    const fresh = entryInterval({ ...options, groups });
    const memo = new StatisticsMemo();
    for (const single of groups) entryInterval({ ...options, groups: [single], memo });
    expect(memo.size).toBe(2);
    expect(entryInterval({ ...options, groups, memo })).toEqual(fresh);
    expect(memo.size).toBe(2);
    expect(fresh?.instances).toBe(60);
  });

  it('gives none when a cell of the mean lacks per-instance scores, or they cover other instances or another candidate', () => {
    const { cells, instanceScores } = world({
      'alpha/forge@0': solvedFirst(30, 40),
      'alpha/forge@1': solvedFirst(20, 40),
    });
    const options = { cells, groups: [group('alpha', 'forge')], seeds: spec.seeds };
    const [first, second] = cells.map((cell) => cell.id) as [string, string];
    expect(
      entryInterval({ ...options, instanceScores: { [first]: instanceScores[first] ?? {} } }),
    ).toBeNull();
    expect(
      entryInterval({
        ...options,
        instanceScores: { ...instanceScores, [second]: solvedFirst(20, 39) },
      }),
    ).toBeNull();
    // Scores whose mean is not the cell's bestTest are another candidate's.
    expect(
      entryInterval({
        ...options,
        instanceScores: { ...instanceScores, [second]: solvedFirst(21, 40) },
      }),
    ).toBeNull();
    // A seed whose cell is not done is not part of the mean, nor of its interval.
    const pending = cells.map((cell) =>
      cell.id === second ? { ...cell, status: 'pending' as const } : cell,
    );
    expect(entryInterval({ ...options, cells: pending, instanceScores })?.seeds).toBe(1);
  });
});

describe('entryComparison', () => {
  it('tests the (seed, instance) pairs both methods scored (Python: 176 of 1024)', () => {
    const scores = (values: number[]) =>
      Object.fromEntries(values.map((value, index) => [`i${index}`, value]));
    const { cells, instanceScores } = world({
      'alpha/prompt-search@0': scores([1, 0, 1, 1, 0.5]),
      'alpha/prompt-search@1': scores([0, 1, 1, 1, 1]),
      'alpha/forge@0': scores([0, 1, 0, 0, 0]),
      // Instance i5 is Forge's only: not a pair.
      'alpha/forge@1': { ...scores([0.5, 0, 0, 1, 1]), i5: 1 },
    });
    const comparison = entryComparison({
      cells,
      groups: [group('alpha', 'prompt-search')],
      against: [group('alpha', 'forge')],
      seeds: spec.seeds,
      instanceScores,
    });
    // Differences 1, −1, 1, 1, 0.5 | −0.5, 1, 1, 0, 0: Python's itertools.product over every
    // sign assignment of the ten finds 176 of 1024 at least as far from 0.
    expect(comparison).toEqual({
      against: 'forge',
      pValue: 176 / 1024,
      pairs: 10,
      method: 'exact',
    });
  });

  it('weighs each benchmark equally over an Aggregate (Python: 2 of 4096)', () => {
    const { cells, instanceScores } = world({
      'alpha/baseline@0': solvedFirst(20, 40),
      'alpha/forge@0': solvedFirst(30, 40),
      'beta/baseline@0': solvedFirst(6, 20),
      'beta/forge@0': solvedFirst(8, 20),
    });
    const comparison = entryComparison({
      cells,
      groups: [group('alpha', 'baseline'), group('beta', 'baseline')],
      against: [group('alpha', 'forge'), group('beta', 'forge')],
      seeds: spec.seeds,
      instanceScores,
    });
    // Ten differences of −1/80 and two of −1/40: ±0.5 and ±1 relative to the largest weight.
    expect(comparison).toMatchObject({ pValue: 2 / 4096, pairs: 60, method: 'exact' });
  });

  it('says the test-set size, or its range when cells differ', () => {
    const { cells, instanceScores } = world({
      'alpha/baseline@0': solvedFirst(20, 40),
      'alpha/forge@0': solvedFirst(30, 40),
      'alpha/forge@1': solvedFirst(30, 42),
    });
    const groups = [group('alpha', 'baseline'), group('alpha', 'forge')];
    expect(testSetSize(cells, groups, [0], instanceScores)).toBe(40);
    expect(testSetSize(cells, groups, [0, 1], instanceScores)).toBe('40–42');
    expect(testSetSize(cells, [group('beta', 'forge')], [0, 1], instanceScores)).toBeNull();
  });
});
