import { describe, expect, it } from 'vitest';
import type { SuiteCell } from './suite-cell.js';
import { cellIdentity } from './suite-cell-identity.js';

const cell: SuiteCell = {
  id: 'sim/forge/sim-task/sim-optimizer/seed-1/augmented',
  benchmark: 'sim',
  method: 'forge',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  seed: 1,
  arm: 'augmented',
  role: 'aligned',
  row: 'sim/sim-task/sim-optimizer/seed-1',
  dependsOn: ['sim/forge/sim-task/sim-optimizer/seed-1'],
  ceilingFrom: 'sim/forge/sim-task/sim-optimizer/seed-1',
  trainingFrom: 'sim/forge/sim-task/sim-optimizer/seed-1',
};

describe('cellIdentity', () => {
  it("keeps the cell's id, benchmark, method, models, seed and arm, in that order, and drops its plan", () => {
    const identity = cellIdentity(cell);
    expect(Object.entries(identity)).toEqual([
      ['id', cell.id],
      ['benchmark', 'sim'],
      ['method', 'forge'],
      ['taskModel', 'sim:task'],
      ['optimizerModel', 'sim:optimizer'],
      ['seed', 1],
      ['arm', 'augmented'],
    ]);
  });

  it('copies no field a cell read from elsewhere carries beyond its identity', () => {
    const carried = { ...cell, injected: 'extra', __proto__: { inherited: true } };
    const identity = cellIdentity(carried) as unknown as Record<string, unknown>;
    expect(Object.keys(identity)).not.toContain('injected');
    expect(identity['inherited']).toBeUndefined();
    expect(identity).not.toBe(carried);
  });
});
