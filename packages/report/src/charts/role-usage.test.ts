import { describe, expect, it } from 'vitest';
import { usageByRole } from './role-usage.js';

const empty = { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };

describe('usageByRole', () => {
  it('orders roles along the pipeline, then unknown roles by name', () => {
    const rows = usageByRole([
      { role: 'verify', ...empty },
      { role: 'zeta', ...empty },
      { role: 'task', ...empty },
      { role: 'alpha', ...empty },
      { role: 'reflect', ...empty },
    ]);
    expect(rows.map((row) => row.role)).toEqual(['task', 'reflect', 'verify', 'alpha', 'zeta']);
  });

  it('sums duplicate roles and zeroes unusable numbers', () => {
    const [row] = usageByRole([
      { role: 'task', calls: 2, inputTokens: 100, outputTokens: 10, costUsd: 0.5 },
      { role: 'task', calls: 3, inputTokens: Number.NaN, outputTokens: -4, costUsd: 0.25 },
    ]);
    expect(row).toEqual({
      role: 'task',
      calls: 5,
      inputTokens: 100,
      outputTokens: 10,
      costUsd: 0.75,
    });
  });
});
