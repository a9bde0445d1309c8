import { describe, expect, it } from 'vitest';
import { methodStopCause } from './method-stop-cause.js';

describe('methodStopCause', () => {
  it("reads each method's wording of a host limit as that limit", () => {
    const cases: readonly (readonly [string, string])[] = [
      // Forge's core (packages/core/src/stop/stop-rules.ts)
      ['evaluation budget (118 of 120 used; a step may need 9)', 'evaluation-budget'],
      ['step limit (5)', 'step-limit'],
      ['wall-time limit (60 s)', 'wall-time'],
      ['optimizer cost limit ($200)', 'optimizer-cost'],
      ['optimizer token limit (100000)', 'optimizer-tokens'],
      ['stop requested', 'stop-requested'],
      ['stop file /tmp/run/STOP', 'stop-requested'],
      // ACE (methods/ace/src/run/stop-rules.ts)
      ['wall time (60 s)', 'wall-time'],
      ['optimizer cost ($5)', 'optimizer-cost'],
      ['optimizer tokens (1000)', 'optimizer-tokens'],
      // MIPROv2 (methods/mipro/src/run/*)
      ['evaluation budget', 'evaluation-budget'],
      ['wall time', 'wall-time'],
      ['step limit', 'step-limit'],
    ];
    for (const [reason, cause] of cases) expect(methodStopCause(reason), reason).toBe(cause);
  });

  it("reads a method's own end as finished", () => {
    for (const reason of [
      'complete (3 of 3 synthesis events, then 4 steps without a validation gain)',
      'epochs completed (1)',
      'converged: epoch 2 changed no bullet',
      'completed 12 of 12 trials',
      'baseline: the seed evaluated on validation',
      'stopping early is not a stop request',
    ])
      expect(methodStopCause(reason), reason).toBe('finished');
  });
});
