import { runMethodInWorld } from '@forge/method/testing';
import { createSimWorld, simRules } from '@forge/sim';
import { describe, expect, it } from 'vitest';
import { miproMethod } from './mipro-method.js';

// MIPROv2's real requests through the simulated world (everything here is SIMULATED): the
// simulator must read every contract, and the mechanism must show — training exposes three of
// the six hidden rules, so instructions and demos grounded on training reach what prompt search
// reaches (0.60 on validation), and nothing held out leaks into a proposal.
describe('MIPROv2 on the simulated world', () => {
  it('reads every contract and reaches what training can teach, never a held-out rule', async () => {
    const { result, records, evaluationsCounted } = await runMethodInWorld(
      miproMethod,
      createSimWorld({ seed: 0 }),
      { budget: { maxEvaluations: 400 } },
    );
    expect(result.seedValidation).toBe(0.3);
    expect(result.bestValidation).toBe(0.6);
    expect(evaluationsCounted).toBeLessThanOrEqual(400);
    const [instructions] = records.filter((record) => record.kind === 'instructions');
    const data = instructions?.data as {
      dataSummary: string;
      instructions: Record<string, string[]>;
    };
    const trainingPhrases = simRules
      .filter((rule) => rule.exposedBy === 'train')
      .map((rule) => rule.phrase);
    for (const phrase of trainingPhrases) expect(data.dataSummary).toContain(phrase);
    const proposed = Object.values(data.instructions).flatMap((list) => list.slice(1));
    expect(proposed.length).toBeGreaterThan(0);
    for (const rule of simRules.filter((entry) => entry.exposedBy === 'validation-only')) {
      for (const instruction of proposed) expect(instruction).not.toContain(rule.phrase);
    }
  });
});
