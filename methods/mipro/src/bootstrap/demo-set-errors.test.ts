import { describe, expect, it } from 'vitest';
import type { BootstrapOutcome } from './bootstrap-outcome.js';
import { demoSetErrors } from './demo-set-errors.js';

const passed: BootstrapOutcome = { score: 1, passed: true, demonstrations: {} };
const failed: BootstrapOutcome = { score: 0, passed: false, demonstrations: {} };
const raised: BootstrapOutcome = { score: 0, passed: false, demonstrations: {}, error: true };

describe('demoSetErrors', () => {
  it("counts the errors on each set's walk until it is complete, an error once per set that reaches it", () => {
    const outcomes = { t0: raised, t1: passed, t2: raised, t3: failed, t4: passed, t5: raised };
    const specs = [
      { kind: 'zero-shot' as const },
      // Complete after t0 and t1 (one kept): t0's error only.
      { kind: 'bootstrapped' as const, order: ['t0', 't1', 't2'], size: 1 },
      // Walks t2, t0, t3, t4, t5 for two kept: three errors (t2, t0, t5), t0 and t2 again.
      { kind: 'bootstrapped' as const, order: ['t2', 't0', 't3', 't4', 't5', 't1'], size: 2 },
    ];
    expect(demoSetErrors(specs, outcomes)).toBe(3);
    // A walk stops at an instance not run yet.
    expect(
      demoSetErrors([{ kind: 'bootstrapped', order: ['t0', 'tx', 't2'], size: 4 }], outcomes),
    ).toBe(1);
    expect(demoSetErrors([{ kind: 'zero-shot' }], outcomes)).toBe(0);
  });
});
