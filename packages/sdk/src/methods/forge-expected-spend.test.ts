import { describe, expect, it } from 'vitest';
import {
  distinctGenerations,
  forgeExpectedSpend,
  oneModuleChangedEvaluations,
  paidEvaluations,
} from './forge-expected-spend.js';
import { createForgeMethod } from './forge-method.js';

const simWorld = {
  maxEvaluations: 100_000,
  validationSize: 20,
  minibatchSize: 3,
  trainingSize: 40,
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

describe('paid evaluations (the run cache)', () => {
  it('pays every evaluation when no parent sees more than |T| instances', () => {
    // 40 steps of 3 parent evaluations, 11 typical candidates of |T| = 40 each: nothing repeats.
    expect(forgeExpectedSpend(simWorld).billed?.taskEvaluations).toBe(460);
  });

  it('pays a parent at most |T| instances: its later minibatches come from the cache', () => {
    const small = { ...simWorld, trainingSize: 8, maxEvaluations: 150, validationSize: 6 };
    const spend = forgeExpectedSpend({ ...small, completes: false });
    // (150 − 6) / (6 + 1.5) = 19 steps, 4.75 accepted: seed on V 6, proposals 57, accepted on V
    // 28.5; the other 58.5 are parents' minibatches, of which (1 + 4.75) · 8 = 46 are new.
    expect(spend.taskEvaluations).toBe(150);
    expect(spend.billed?.taskEvaluations).toBe(138);
    expect(spend.basis).toContain('138 of them new (prompt, instance) pairs, paid');
  });

  it('counts the seed, each proposal and each accepted candidate on V as paid', () => {
    expect(
      paidEvaluations(
        { validationSize: 10, minibatchSize: 3, trainingSize: 1 },
        { evaluations: 200, steps: 10, accepted: 2 },
      ),
    ).toBe(10 + 30 + 20 + 3);
  });

  it('bills a generation only for a new (mode, intent, source) seed, and verifies only those', () => {
    const spend = forgeExpectedSpend({ ...simWorld, seeds: { from: 'observations', intents: 1 } });
    // Event e follows 10·e steps, whose 40% imperfect of 3 evaluations file 12·e observations;
    // 12 slots each: 12·(1 − (11/12)^12) + 24·(1 − (23/24)^12) + 36·(1 − (35/36)^12) ≈ 27.7.
    expect(spend.optimizerCalls['generate']).toBe(36);
    expect(spend.billed?.optimizerCalls).toMatchObject({ generate: 28, verify: 28 });
    expect(spend.basis).toContain('28 of the 36 generation attempts draw a new seed');
    // Random synthesis draws from the 40 training instances: 40·(1 − (39/40)^12) ≈ 10.5 an event.
    expect(
      distinctGenerations({ ...simWorld, seeds: { from: 'training', intents: 1 } }, 3, {
        extraStepShare: 0.25,
        imperfectShare: 0.4,
      }),
    ).toBe(31);
  });

  it("names the paid evaluations one module's prompt away from an earlier one, with two modules or more", () => {
    const chain = forgeExpectedSpend({ ...simWorld, modules: 3 });
    // 40 steps: 120 proposals on their parent's minibatch, 10 accepted candidates on V (200).
    expect(chain.billed?.oneModuleChanged).toBe(320);
    expect(chain.billed?.taskEvaluations).toBe(460);
    expect(chain.basis).toContain(
      "320 of the paid ones (each proposal on its parent's minibatch, each accepted one on V) differ from their parent's evaluation on the same instance in the one module a step's reflection rewrote (round robin over the 3)",
    );
    // One module: a proposal rewrites the only prompt, the figure is as before.
    const single = forgeExpectedSpend({ ...simWorld, modules: 1 });
    expect(single.billed?.oneModuleChanged).toBeUndefined();
    expect(single).toEqual(forgeExpectedSpend(simWorld));
    expect(
      oneModuleChangedEvaluations(
        { validationSize: 10, minibatchSize: 3 },
        { paid: 30, steps: 10, accepted: 2 },
      ),
    ).toBe(20);
  });

  it('says a run that reaches a perfect validation score stops sooner', () => {
    expect(forgeExpectedSpend({ ...simWorld, stopsAtPerfectScore: true }).basis).toContain(
      'a run that reaches a perfect validation score stops sooner (stopAtPerfectScore): this figure assumes it does not',
    );
    expect(forgeExpectedSpend(simWorld).basis).not.toContain('perfect');
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

  it('gives a typical spend at completion, and the ceiling with typical calls when the run goes to its budget', () => {
    const forge = createForgeMethod('forge');
    const atCompletion = forge.estimate?.({ ...input, settings: { stopAtCompletion: true } });
    expect(atCompletion?.taskEvaluations).toBe(100_000);
    expect(atCompletion?.expected?.taskEvaluations).toBe(460);
    const toBudget = forge.estimate?.({ ...input, maxEvaluations: 460, settings: {} });
    expect(toBudget?.expected?.taskEvaluations).toBe(460);
    // (460 − 20) / 11 = 40 steps, 31 of them reflecting, not the upper bound's 73 of 6 evaluations.
    expect(toBudget?.optimizerCalls['reflect']).toBe(73);
    expect(toBudget?.expected?.optimizerCalls).toEqual({
      reflect: 31,
      assign: 48,
      generate: 36,
      verify: 36,
    });
    expect(toBudget?.expected?.basis).toContain('no stop of its own before the ceiling (460)');
  });

  it('counts only the synthesis events a run to a low ceiling reaches', () => {
    const spend = forgeExpectedSpend({ ...simWorld, maxEvaluations: 240, completes: false });
    // (240 − 20) / 11 = 20 steps: an event every P · 1.25 = 10 steps, so 2 of the 3.
    expect(spend.taskEvaluations).toBe(240);
    expect(spend.optimizerCalls['generate']).toBe(24);
  });

  it('gives each role a call shape from its own template', () => {
    const estimate = createForgeMethod('forge').estimate?.({ ...input, settings: {} });
    expect(Object.keys(estimate?.callShapes ?? {})).toEqual([
      'reflect',
      'assign',
      'generate',
      'verify',
    ]);
    expect(estimate?.callShapes?.['reflect']).toMatchObject({
      executionsShown: 3,
      instructionsWritten: 1,
    });
    expect(estimate?.callShapes?.['generate']).toMatchObject({
      callsPerUnit: 2,
      instancesWritten: 1,
    });
  });

  it("passes the program's module count on: a chain's proposals are named, a single module's not", () => {
    const forge = createForgeMethod('prompt-search');
    const settings = { stopAtCompletion: true };
    const single = forge.estimate?.({ ...input, settings });
    const chain = forge.estimate?.({ ...input, modules: ['a', 'b', 'c'], settings });
    expect(single?.expected?.billed?.oneModuleChanged).toBeUndefined();
    // 10 steps of 3 proposal evaluations, 2.5 accepted on |V| = 20.
    expect(chain?.expected?.billed?.oneModuleChanged).toBe(80);
    expect(chain?.expected?.taskEvaluations).toBe(single?.expected?.taskEvaluations);
  });

  it("gives the baseline's exact spend", () => {
    const baseline = createForgeMethod('baseline').estimate?.({ ...input, settings: {} });
    expect(baseline?.expected).toMatchObject({ taskEvaluations: 20, optimizerCalls: {} });
  });
});
