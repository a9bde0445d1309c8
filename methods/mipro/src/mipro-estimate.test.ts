import { describe, expect, it } from 'vitest';
import { estimateMipro } from './mipro-estimate.js';
import { parseMiproSettings } from './settings/mipro-settings.js';

const input = (
  overrides: {
    maxEvaluations?: number;
    validationSize?: number;
    settings?: Record<string, unknown>;
  } = {},
) => ({
  maxEvaluations: overrides.maxEvaluations ?? 1000,
  trainingSize: 50,
  validationSize: overrides.validationSize ?? 200,
  modules: ['a', 'b'],
  minibatchSize: 3,
  settings: { ...parseMiproSettings(overrides.settings ?? {}) },
  synthesis: { attempts: 0, epochs: 0, patience: 1 },
});

describe('estimateMipro', () => {
  it('counts bootstrapping at its worst and the largest trial plan that fits the ceiling', () => {
    const estimate = estimateMipro(input());
    // light: validation 100 of 200, minibatches of 35; 50 bootstrapping runs at most; then
    // 100 + 35·T + 100·⌈T/5⌉ ≤ 950 → T = 15 (100 + 525 + 300 = 925).
    expect(estimate.taskEvaluations).toBe(50 + 925);
    expect(estimate.assumptions.join('\n')).toContain('15 trials on minibatches of 35');
    // 5 observation calls + 1 summary + 1 + 2 descriptions + 2 modules × 2 proposals.
    expect(estimate.optimizerCalls).toEqual({ propose: 13 });
  });

  it('never exceeds the ceiling, and honours a trial cap', () => {
    for (const maxEvaluations of [100, 101, 150, 300, 777]) {
      expect(estimateMipro(input({ maxEvaluations })).taskEvaluations).toBeLessThanOrEqual(
        maxEvaluations,
      );
    }
    expect(estimateMipro(input({ settings: { trials: 2 } })).assumptions.join('\n')).toContain(
      '2 trials',
    );
  });
});
