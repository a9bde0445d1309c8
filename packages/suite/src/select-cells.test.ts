import { describe, expect, it } from 'vitest';
import { smallSpec } from './__fixtures__/cell-results.js';
import { planSuite } from './plan-suite.js';
import { parseCellFilter, parseShard, selectCells, shardOfRow } from './select-cells.js';
import { SuitePlanError } from './suite-error.js';

const plan = planSuite({ ...smallSpec, seeds: [0, 1, 2] });

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (SuitePlanError.isInstance(error)) return error.field;
    throw error;
  }
  return undefined;
}

describe('parseCellFilter and parseShard', () => {
  it('reads field=value pairs, with | or a repeated field for alternatives', () => {
    expect(parseCellFilter('benchmark=alpha, method=forge|baseline,method=gepa')).toEqual({
      benchmark: ['alpha'],
      method: ['forge', 'baseline', 'gepa'],
    });
    expect(parseShard(' 2/3 ')).toEqual({ index: 2, count: 3 });
  });

  it.each(['benchmark', 'color=red', '=x', ''])('refuses --only %j', (text) => {
    expect(fieldOf(() => parseCellFilter(text))).toBe('only');
  });

  it.each(['0/2', '3/2', '1', 'a/b', '1/0'])('refuses --shard %j', (text) => {
    expect(fieldOf(() => parseShard(text))).toBe('shard');
  });
});

describe('selectCells', () => {
  it('keeps what --only matches and adds the references the chosen cells need', () => {
    const selected = selectCells(plan, {
      only: parseCellFilter('benchmark=beta,method=prompt-search,seed=1'),
    });
    expect(selected.chosen).toEqual(['beta/prompt-search/sim-task/sim-optimizer/seed-1']);
    expect(selected.addedDependencies).toEqual(['beta/forge/sim-task/sim-optimizer/seed-1']);
    expect(selected.cells.map((cell) => cell.id)).toEqual([
      'beta/forge/sim-task/sim-optimizer/seed-1',
      'beta/prompt-search/sim-task/sim-optimizer/seed-1',
    ]);
  });

  it('takes explicit cell ids and refuses unknown ones or an empty match', () => {
    const id = 'alpha/baseline/sim-task/sim-optimizer/seed-2';
    expect(selectCells(plan, { cells: [id] }).cells.map((cell) => cell.id)).toEqual([id]);
    expect(fieldOf(() => selectCells(plan, { cells: ['alpha/nope'] }))).toBe('cells');
    expect(fieldOf(() => selectCells(plan, { only: { method: ['gepa'] } }))).toBe('only');
  });

  it('deals whole rows to shards: disjoint, complete, deterministic, no cross-shard dependency', () => {
    const shards = [1, 2, 3, 4].map((index) => selectCells(plan, { shard: { index, count: 4 } }));
    const all = shards.flatMap((shard) => shard.cells.map((cell) => cell.id));
    expect(all.slice().sort()).toEqual(plan.cells.map((cell) => cell.id).sort());
    expect(new Set(all).size).toBe(plan.cells.length);
    for (const shard of shards) expect(shard.addedDependencies).toEqual([]);
    // Six rows over four shards: 2, 2, 1, 1 rows of three cells.
    expect(shards.map((shard) => shard.cells.length)).toEqual([6, 6, 3, 3]);
    expect(plan.rows.map((row) => shardOfRow(plan, row.key, 4))).toEqual([1, 2, 3, 4, 1, 2]);
    expect(selectCells(plan, { shard: { index: 2, count: 4 } })).toEqual(shards[1]);
  });
});
