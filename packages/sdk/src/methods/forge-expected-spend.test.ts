import { describe, expect, it } from 'vitest';
import { forgeExpectedSpend } from './forge-expected-spend.js';
import { createForgeMethod } from './forge-method.js';

const simWorld = {
  maxEvaluations: 100_000,
  validationSize: 20,
  minibatchSize: 3,
  epochs: 3,
  patience: 8,
  attempts: 12,
  assigns: true,
};

describe('forgeExpectedSpend', () => {
  it('counts (E + 1)·P steps and a quarter more, each 2·|B| plus a quarter of |V|', () => {
    const spend = forgeExpectedSpend(simWorld);
    // 4 · 8 = 32 steps at the least, 40 with the allowance; 20 + 40 · (6 + 5) = 460.
    expect(spend.taskEvaluations).toBe(460);
    // A step reflects unless all 3 evaluations are right: 1 − 0.6³ = 0.784 → 31 of 40.
    expect(spend.optimizerCalls).toEqual({ reflect: 31, assign: 48, generate: 36, verify: 36 });
    expect(spend.basis).toContain('(E + 1)·P = 32 steps');
  });

  it('spends the ceiling when the ceiling comes before a typical completion', () => {
    const spend = forgeExpectedSpend({ ...simWorld, maxEvaluations: 200 });
    expect(spend.taskEvaluations).toBe(200);
    // (200 − 20) / 11 = 16 affordable steps.
    expect(spend.optimizerCalls['reflect']).toBe(Math.round(16 * (1 - 0.6 ** 3)));
    expect(spend.basis).toContain('the ceiling (200) comes before');
  });

  it('has no synthesis or assigner calls for prompt search, whose completion is P steps', () => {
    const spend = forgeExpectedSpend({ ...simWorld, epochs: 0, attempts: 0, assigns: false });
    // 8 steps, 10 with the allowance: 20 + 10 · 11.
    expect(spend.taskEvaluations).toBe(130);
    expect(Object.keys(spend.optimizerCalls)).toEqual(['reflect']);
  });
});

describe("Forge's estimate", () => {
  const input = {
    maxEvaluations: 100_000,
    trainingSize: 40,
    validationSize: 20,
    modules: ['answer'],
    minibatchSize: 3,
    synthesis: { attempts: 12, epochs: 3, patience: 8 },
  };

  it('gives a typical spend at completion, and none when the run goes to its budget', () => {
    const forge = createForgeMethod('forge');
    const atCompletion = forge.estimate?.({ ...input, settings: { stopAtCompletion: true } });
    expect(atCompletion?.taskEvaluations).toBe(100_000);
    expect(atCompletion?.expected?.taskEvaluations).toBe(460);
    const toBudget = forge.estimate?.({ ...input, settings: {} });
    expect(toBudget?.expected).toBeUndefined();
  });

  it("gives the baseline's exact spend", () => {
    const baseline = createForgeMethod('baseline').estimate?.({ ...input, settings: {} });
    expect(baseline?.expected).toMatchObject({ taskEvaluations: 20, optimizerCalls: {} });
  });
});
