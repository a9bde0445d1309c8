import type { MethodContext } from '@forge/method';
import { describe, expect, it } from 'vitest';
import { parseAceSettings } from '../ace-settings.js';
import { createPlaybook } from '../playbook/playbook.js';
import type { AceState } from './ace-state.js';
import { seedState } from './reduce-ace.js';
import { limitReached, naturalStop } from './stop-rules.js';

const settings = parseAceSettings({ numEpochs: 2 });
const seeded = seedState(createPlaybook(['rules']), [0, 0, 0, 0], []);
const at = (changes: Partial<AceState>): AceState => ({ ...seeded, ...changes });
const contextWith = (budget: MethodContext['budget'], now = 0) =>
  ({
    budget,
    validation: [{}, {}, {}, {}],
    clock: () => now,
  }) as unknown as MethodContext;

describe('naturalStop', () => {
  it('ends after numEpochs, and after an epoch that changed no bullet', () => {
    expect(
      naturalStop(at({ epochsCompleted: 1, lastEpochChanged: true }), settings),
    ).toBeUndefined();
    expect(naturalStop(at({ epochsCompleted: 2, lastEpochChanged: true }), settings)).toBe(
      'epochs completed (2)',
    );
    expect(naturalStop(at({ epochsCompleted: 1, lastEpochChanged: false }), settings)).toBe(
      'converged: epoch 1 changed no bullet',
    );
    expect(
      naturalStop(
        at({ epochsCompleted: 1, lastEpochChanged: false }),
        parseAceSettings({ stopWhenUnchanged: false }),
      ),
    ).toBeUndefined();
  });
});

describe('limitReached', () => {
  it('stops when a sample and a validation pass no longer fit the ceiling', () => {
    // A sample needs up to 5 evaluations, a validation pass 4.
    expect(
      limitReached(contextWith({ maxEvaluations: 13 }), at({ evaluationsUsed: 4 }), settings, 0),
    ).toBeUndefined();
    expect(
      limitReached(contextWith({ maxEvaluations: 13 }), at({ evaluationsUsed: 5 }), settings, 0),
    ).toEqual({
      rule: 'evaluation-budget',
      reason:
        'evaluation budget (5 of 13 used; a sample needs up to 5 plus a validation pass of 4)',
    });
  });

  it('applies the step, wall-time and optimizer-cost rules', () => {
    const plenty = 1000;
    expect(
      limitReached(
        contextWith({ maxEvaluations: plenty, maxSteps: 3 }),
        at({ step: 3 }),
        settings,
        0,
      ),
    ).toEqual({ rule: 'step-limit', reason: 'step limit (3)' });
    expect(
      limitReached(
        contextWith({ maxEvaluations: plenty, maxWallTimeMs: 60_000 }, 60_000),
        seeded,
        settings,
        0,
      ),
    ).toEqual({ rule: 'wall-time', reason: 'wall time (60 s)' });
    const spent = at({
      usage: {
        task: { calls: 9, inputTokens: 900, outputTokens: 90, costUsd: 5 },
        reflect: { calls: 2, inputTokens: 80, outputTokens: 20, costUsd: 0.4 },
        curate: { calls: 1, inputTokens: 40, outputTokens: 10, costUsd: 0.1 },
      },
    });
    // Task usage does not count: only the optimizer roles' $0.50 and 150 tokens.
    expect(
      limitReached(
        contextWith({ maxEvaluations: plenty, maxOptimizerCost: { usd: 0.5 } }),
        spent,
        settings,
        0,
      ),
    ).toEqual({ rule: 'optimizer-cost', reason: 'optimizer cost ($0.5)' });
    expect(
      limitReached(
        contextWith({ maxEvaluations: plenty, maxOptimizerCost: { usd: 0.6 } }),
        spent,
        settings,
        0,
      ),
    ).toBeUndefined();
    expect(
      limitReached(
        contextWith({ maxEvaluations: plenty, maxOptimizerCost: { tokens: 150 } }),
        spent,
        settings,
        0,
      ),
    ).toEqual({ rule: 'optimizer-cost', reason: 'optimizer tokens (150)' });
  });
});
