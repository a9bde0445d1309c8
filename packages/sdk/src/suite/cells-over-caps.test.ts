import { describe, expect, it } from 'vitest';
import type { RunEstimate } from '../estimate/estimate-run.js';
import { cellsOverCaps } from './cells-over-caps.js';

const estimate = (steps: number, reflectUsd: number | undefined): RunEstimate => ({
  benchmark: 'sim',
  method: 'forge',
  evaluations: 500,
  steps,
  synthesisAttempts: 0,
  upperBoundBasis: 'the caps',
  expected: { evaluations: 100, roles: [], usd: 0, wallSeconds: 0, basis: [] },
  taskCalls: { perEvaluation: 1, basis: 'measured' },
  roles: [
    // The task role's dollars and tokens never count against the optimizer caps.
    {
      role: 'task',
      model: 't',
      calls: 500,
      inputTokens: 900_000,
      outputTokens: 90_000,
      usd: 50,
      wallSeconds: 600,
    },
    {
      role: 'task.extract',
      model: 't',
      calls: 10,
      inputTokens: 9_000,
      outputTokens: 900,
      usd: 40,
      wallSeconds: 0,
    },
    {
      role: 'reflect',
      model: 'o',
      calls: steps,
      inputTokens: steps * 1000,
      outputTokens: steps * 200,
      usd: reflectUsd,
      wallSeconds: steps * 10,
    },
    {
      role: 'assign',
      model: 'o',
      calls: 10,
      inputTokens: 3_000,
      outputTokens: 1_000,
      usd: 1,
      wallSeconds: 60,
    },
  ],
  usd: 90 + (reflectUsd ?? 0) + 1,
  unpricedModels: [],
  assumptions: [],
});

describe('cellsOverCaps', () => {
  it('names each cell and cap its estimate exceeds, with the cap and the estimate in its unit', () => {
    const excesses = cellsOverCaps(
      [
        { cell: { id: 'big' }, estimate: estimate(30, 5) },
        { cell: { id: 'small' }, estimate: estimate(3, 0.5) },
      ],
      { maxOptimizerCostUsd: 2, maxOptimizerTokens: 39_000, maxSteps: 20, maxWallTimeMinutes: 15 },
    );
    expect(excesses).toEqual([
      { cell: 'big', cap: 'cost-cap', limit: 2, estimated: 6 },
      { cell: 'big', cap: 'token-cap', limit: 39_000, estimated: 40_000 },
      { cell: 'big', cap: 'step-cap', limit: 20, estimated: 30 },
      { cell: 'big', cap: 'wall-time', limit: 15, estimated: 16 },
    ]);
  });

  it('lists nothing without caps, and counts a role without a price as $0', () => {
    const cells = [{ cell: { id: 'big' }, estimate: estimate(30, undefined) }];
    expect(cellsOverCaps(cells, {})).toEqual([]);
    expect(cellsOverCaps(cells, { maxOptimizerCostUsd: 2 })).toEqual([]);
    expect(cellsOverCaps(cells, { maxOptimizerCostUsd: 0.5 })).toEqual([
      { cell: 'big', cap: 'cost-cap', limit: 0.5, estimated: 1 },
    ]);
  });
});
