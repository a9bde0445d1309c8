import { describe, expect, it } from 'vitest';
import { smallSpec } from './__fixtures__/cell-results.js';
import { planSuite } from './plan-suite.js';
import { SuitePlanError } from './suite-error.js';

function planError(spec: Parameters<typeof planSuite>[0]): SuitePlanError {
  try {
    planSuite(spec);
  } catch (error) {
    if (SuitePlanError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a SuitePlanError');
}

describe('planSuite', () => {
  it('runs each row reference first, aligns the other methods to it, and keeps controls free', () => {
    const plan = planSuite({ ...smallSpec, seeds: [0, 1] });
    expect(plan.rows.map((row) => row.key)).toEqual([
      'alpha/sim-task/sim-optimizer/seed-0',
      'alpha/sim-task/sim-optimizer/seed-1',
      'beta/sim-task/sim-optimizer/seed-0',
      'beta/sim-task/sim-optimizer/seed-1',
    ]);
    expect(plan.cells).toHaveLength(12);
    const [reference, baseline, search] = plan.cells;
    expect(reference).toEqual({
      id: 'alpha/forge/sim-task/sim-optimizer/seed-0',
      benchmark: 'alpha',
      method: 'forge',
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      seed: 0,
      arm: 'original',
      role: 'reference',
      row: 'alpha/sim-task/sim-optimizer/seed-0',
      dependsOn: [],
      ceilingFrom: null,
      trainingFrom: null,
    });
    expect(baseline).toMatchObject({
      method: 'baseline',
      role: 'control',
      dependsOn: [],
      ceilingFrom: null,
    });
    expect(search).toMatchObject({
      method: 'prompt-search',
      role: 'aligned',
      dependsOn: [reference?.id],
      ceilingFrom: reference?.id,
    });
    // Every dependency comes earlier, in the same row.
    plan.cells.forEach((cell, index) => {
      for (const dependency of cell.dependsOn) {
        const at = plan.cells.findIndex((other) => other.id === dependency);
        expect(at).toBeLessThan(index);
        expect(plan.cells[at]?.row).toBe(cell.row);
      }
    });
  });

  it('adds the transfer arms: the original arm is the main cell, the augmented one shares its ceiling', () => {
    const plan = planSuite({
      ...smallSpec,
      methods: ['forge', 'prompt-search'],
      transfer: { benchmarks: ['beta'], methods: ['prompt-search', 'gepa'], source: 'forge' },
    });
    const beta = plan.cells
      .filter((cell) => cell.benchmark === 'beta')
      .map((cell) => [cell.method, cell.arm, cell.role]);
    expect(beta).toEqual([
      ['forge', 'original', 'reference'],
      ['prompt-search', 'original', 'aligned'],
      ['gepa', 'original', 'aligned'],
      ['prompt-search', 'augmented', 'aligned'],
      ['gepa', 'augmented', 'aligned'],
    ]);
    const augmented = plan.cells.find(
      (cell) => cell.id === 'beta/gepa/sim-task/sim-optimizer/seed-0/augmented',
    );
    expect(augmented).toMatchObject({
      dependsOn: ['beta/forge/sim-task/sim-optimizer/seed-0'],
      ceilingFrom: 'beta/forge/sim-task/sim-optimizer/seed-0',
      trainingFrom: 'beta/forge/sim-task/sim-optimizer/seed-0',
    });
    expect(plan.cells.filter((cell) => cell.benchmark === 'alpha')).toHaveLength(2);
  });

  it('runs every method under the cap when alignment is off', () => {
    const plan = planSuite({
      ...smallSpec,
      methods: ['prompt-search', 'gepa'],
      alignment: { reference: null, controls: [] },
    });
    expect(
      plan.cells.every((cell) => cell.ceilingFrom === null && cell.dependsOn.length === 0),
    ).toBe(true);
    expect(plan.rows[0]?.reference).toBeNull();
  });

  it.each([
    [{ ...smallSpec, methods: ['baseline', 'gepa'] }, 'methods', 'add it to methods'],
    [{ ...smallSpec, seeds: [0, 0] }, 'seeds', '0 is listed twice'],
    [{ ...smallSpec, benchmarks: [] }, 'benchmarks', 'give at least one'],
    [
      { ...smallSpec, alignment: { reference: 'forge', controls: ['forge'] } },
      'alignment.controls',
      'cannot also be a control',
    ],
    [
      {
        ...smallSpec,
        transfer: { benchmarks: ['gamma'], methods: ['prompt-search'], source: 'forge' },
      },
      'transfer.benchmarks',
      '"gamma" is not one of',
    ],
    [
      { ...smallSpec, transfer: { benchmarks: ['alpha'], methods: ['baseline'], source: 'forge' } },
      'transfer.methods',
      'is a control',
    ],
    [
      {
        ...smallSpec,
        transfer: { benchmarks: ['alpha'], methods: ['prompt-search'], source: 'ace' },
      },
      'transfer.source',
      'must be one of',
    ],
    [
      { ...smallSpec, taskModels: ['ollama:qwen3:8b', 'ollama-qwen3-8b'] },
      'taskModels',
      'would share the directory',
    ],
  ])('refuses %j naming %s', (spec, field, message) => {
    const error = planError(spec as Parameters<typeof planSuite>[0]);
    expect(error.field).toBe(field);
    expect(error.message).toContain(message);
  });
});
