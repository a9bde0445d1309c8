import { describe, expect, it } from 'vitest';
import { addRoleUsage } from './add-role-usage.js';

describe('addRoleUsage', () => {
  it('adds calls, tokens and cost to the role, leaving the input table unchanged', () => {
    const before = { task: { calls: 2, inputTokens: 20, outputTokens: 4, costUsd: 0 } };
    const after = addRoleUsage(before, 'task', {
      calls: 3,
      usage: { inputTokens: 30, outputTokens: 6 },
      costUsd: 0.5,
    });
    expect(after).toEqual({ task: { calls: 5, inputTokens: 50, outputTokens: 10, costUsd: 0.5 } });
    expect(before.task.calls).toBe(2);
  });

  it('starts a role it has not seen, counting one call when none is given', () => {
    expect(addRoleUsage({}, 'curate', { usage: { inputTokens: 7, outputTokens: 1 } })).toEqual({
      curate: { calls: 1, inputTokens: 7, outputTokens: 1, costUsd: 0 },
    });
  });
});
