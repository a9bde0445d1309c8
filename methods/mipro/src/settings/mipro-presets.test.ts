import { MemoryCheckpointStore } from '@forge/method';
import { createMethodTestContext } from '@forge/method/testing';
import { describe, expect, it } from 'vitest';
import {
  toyBenchmark,
  toyInstances,
  toyProposer,
  toyTaskModel,
} from '../__fixtures__/mipro-toy.js';
import { miproMethod } from '../mipro-method.js';
import { presetTrials } from './mipro-presets.js';

// The `medium` and `heavy` presets as a whole run applies them, on the scripted toy task: the
// number of demo sets and instruction candidates, the seeded validation subsample, minibatch
// scoring and the reference's trial count (`trials: 'preset'`).
describe('MIPROv2 presets in a run', () => {
  it.each([
    // medium: N = 12, validation 300 of 320; trials max(2·2·log2 12, 1.5·12) = 18.
    { auto: 'medium', demoSets: 12, instructions: 6, validationSize: 300, trials: 18 },
    // heavy: N = 18, validation 1000, so all 320; trials max(2·2·log2 18, 1.5·18) = 27.
    { auto: 'heavy', demoSets: 18, instructions: 9, validationSize: 320, trials: 27 },
  ] as const)(
    '$auto: $demoSets demo sets, $instructions instructions, $trials trials on $validationSize validation instances',
    async ({ auto, demoSets, instructions, validationSize, trials }) => {
      const validation = toyInstances('v', 320, 1);
      // The toy proposer names at most the four categories' rules; numbering its proposals keeps
      // every one distinct, so each proposal the preset asks for becomes a candidate.
      let proposals = 0;
      const proposer = toyProposer({
        transform: (text, user) =>
          user.includes('\n# Basic Instruction\n')
            ? text.replace(
                '</proposed_instruction>',
                ` (proposal ${++proposals})</proposed_instruction>`,
              )
            : text,
      });
      const checkpoints = new MemoryCheckpointStore();
      const maxEvaluations = 5000;
      const test = createMethodTestContext({
        benchmark: toyBenchmark,
        train: toyInstances('t', 48),
        validation,
        taskModel: toyTaskModel(),
        optimizerModel: proposer,
        budget: { maxEvaluations },
        settings: miproMethod.parseSettings?.({ auto, trials: 'preset' }) ?? {},
        checkpoints,
      });
      const result = await miproMethod.run(test.context);

      expect(presetTrials(2, demoSets)).toBe(trials);
      // N/2 instruction candidates: the seed prompt and N/2 − 1 proposals.
      expect(proposals).toBe(instructions - 1);
      expect(result.summary).toMatchObject({
        validationSize,
        demoSets,
        instructionCandidates: { answer: instructions },
        minibatch: true,
        trialsPlanned: trials,
        trials,
      });
      expect(result.bestValidation).toBeGreaterThan(result.seedValidation);
      expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
      expect(result.evaluationsUsed).toBeLessThanOrEqual(maxEvaluations);

      // The seed and every full evaluation use the same subsample; each trial a minibatch of it.
      const ids = new Set(validation.map((instance) => instance.id));
      const subsample = new Set<string>();
      const byStep = new Map<string, string[]>();
      for (const event of test.events) {
        if (event.type !== 'evaluation-end' || event.target === 'bootstrap') continue;
        if (event.target === 'validation' && event.step === null) subsample.add(event.instanceId);
        const key = `${event.target} ${event.step}`;
        byStep.set(key, [...(byStep.get(key) ?? []), event.instanceId]);
      }
      expect(subsample.size).toBe(validationSize);
      for (const id of subsample) expect(ids.has(id)).toBe(true);
      for (const [key, evaluated] of byStep) {
        expect(evaluated).toHaveLength(key.startsWith('trial') ? 35 : validationSize);
        for (const id of evaluated) expect(subsample.has(id)).toBe(true);
      }
      // Full evaluations after trials 5, 10, … and the last (trial − 1 is the step).
      const full = [...byStep.keys()].filter(
        (key) => key.startsWith('validation ') && key !== 'validation null',
      );
      expect(full).toEqual(
        [
          ...Array.from({ length: Math.floor(trials / 5) }, (_, index) => (index + 1) * 5),
          trials,
        ].map((trial) => `validation ${trial - 1}`),
      );
      const [plan] = (await checkpoints.records()).filter(
        (record) => record.kind === 'search-plan',
      );
      expect(plan?.data).toMatchObject({ trials, minibatchSize: 35, validationSize });
    },
  );

  it('draws the validation subsample from the seed', async () => {
    const subsampleOf = async (seed: number) => {
      const test = createMethodTestContext({
        benchmark: toyBenchmark,
        train: toyInstances('t', 24),
        validation: toyInstances('v', 120, 1),
        taskModel: toyTaskModel(),
        optimizerModel: toyProposer(),
        // Enough for the seed's pass only: the run stops before bootstrapping.
        budget: { maxEvaluations: 100 },
        settings: miproMethod.parseSettings?.({}) ?? {},
        seed,
      });
      await miproMethod.run(test.context);
      return test.events
        .flatMap((event) =>
          event.type === 'evaluation-end' && event.target === 'validation' && event.step === null
            ? [event.instanceId]
            : [],
        )
        .sort();
    };
    // light: 100 of the 120.
    const first = await subsampleOf(1);
    expect(first).toHaveLength(100);
    expect(await subsampleOf(1)).toEqual(first);
    expect(await subsampleOf(2)).not.toEqual(first);
  });
});
