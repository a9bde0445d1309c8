import { MemoryCheckpointStore, type MethodEvent } from '@forge/method';
import { createMethodTestContext } from '@forge/method/testing';
import { describe, expect, it } from 'vitest';
import {
  toyBenchmark,
  toyInstances,
  toyProposer,
  toyTaskModel,
} from '../__fixtures__/mipro-toy.js';
import { miproMethod } from '../mipro-method.js';

// The search phase's scoring schedule on the scripted toy task: which instances each trial is
// scored on, and after which trials the whole validation set is evaluated.

interface SearchRun {
  readonly events: MethodEvent[];
  readonly plan: { trials: number; minibatch: boolean; minibatchSize: number };
  readonly trials: { trial: number; evaluations: number; scoredOn: string }[];
  readonly validationIds: string[];
  readonly evaluationsUsed: number;
  readonly evaluationsCounted: number;
}

async function runSearch(options: {
  validation: number;
  maxEvaluations: number;
  settings?: Record<string, unknown>;
}): Promise<SearchRun> {
  const checkpoints = new MemoryCheckpointStore();
  const validation = toyInstances('v', options.validation, 1);
  const test = createMethodTestContext({
    benchmark: toyBenchmark,
    train: toyInstances('t', 24),
    validation,
    taskModel: toyTaskModel(),
    optimizerModel: toyProposer(),
    budget: { maxEvaluations: options.maxEvaluations },
    settings: miproMethod.parseSettings?.(options.settings ?? {}) ?? {},
    checkpoints,
  });
  const result = await miproMethod.run(test.context);
  const records = await checkpoints.records();
  const plan = records.find((record) => record.kind === 'search-plan')?.data as SearchRun['plan'];
  return {
    events: test.events,
    plan,
    trials: records
      .filter((record) => record.kind === 'trial')
      .map((record) => record.data as SearchRun['trials'][number]),
    validationIds: validation.map((instance) => instance.id),
    evaluationsUsed: result.evaluationsUsed,
    evaluationsCounted: test.evaluationsCounted(),
  };
}

/** Instance ids evaluated for `target` at each step (trial − 1), in step order. */
function evaluatedBy(events: readonly MethodEvent[], target: string): Map<number, string[]> {
  const byStep = new Map<number, string[]>();
  for (const event of events) {
    if (event.type !== 'evaluation-end' || event.target !== target || event.step === null) continue;
    byStep.set(event.step, [...(byStep.get(event.step) ?? []), event.instanceId]);
  }
  return byStep;
}

/** Trials after which a full evaluation is due: every `steps`-th and the last. */
function cadence(trials: number, steps: number): number[] {
  const due = Array.from({ length: Math.floor(trials / steps) }, (_, index) => (index + 1) * steps);
  return due.at(-1) === trials ? due : [...due, trials];
}

describe('MIPROv2 search: minibatches and full evaluations', () => {
  it('evaluates the whole validation set after each 5th trial and after the last, and after no other', async () => {
    const run = await runSearch({ validation: 60, maxEvaluations: 900 });
    const { trials } = run.plan;
    expect(run.plan).toMatchObject({ minibatch: true, minibatchSize: 35 });
    // 900 leaves room for more than two rounds of five, so the cadence repeats and ends off-beat.
    expect(trials).toBeGreaterThan(10);
    expect(trials % 5).not.toBe(0);
    expect(run.trials.map((entry) => entry.trial)).toEqual(
      Array.from({ length: trials }, (_, index) => index + 1),
    );

    const full = evaluatedBy(run.events, 'validation');
    const skipped = run.events.filter(
      (event) => event.type === 'method-note' && event.kind === 'full-evaluation-skipped',
    );
    // Every due evaluation happens (none is skipped here: each round tries a new combination).
    expect(skipped).toEqual([]);
    expect([...full.keys()].map((step) => step + 1)).toEqual(cadence(trials, 5));
    for (const ids of full.values()) expect([...ids].sort()).toEqual([...run.validationIds].sort());

    // Each full evaluation comes right after its trial, before the next trial starts.
    // (A minibatch trial validates no candidate: after the seed's, each one is a full evaluation.)
    const fromFirstTrial = run.events.slice(
      run.events.findIndex((event) => event.type === 'step-end'),
    );
    const order = fromFirstTrial.flatMap((event) =>
      event.type === 'step-end'
        ? [`trial ${event.step + 1}`]
        : event.type === 'candidate-validated'
          ? ['full']
          : [],
    );
    const expected = run.trials.flatMap(({ trial }) =>
      cadence(trials, 5).includes(trial) ? [`trial ${trial}`, 'full'] : [`trial ${trial}`],
    );
    expect(order).toEqual(expected);
    expect(run.evaluationsUsed).toBe(run.evaluationsCounted);
  });

  it('scores a trial on 35 of the validation instances when validation is larger than the minibatch', async () => {
    // 40 instances: above the minibatch of 35 but not above the `auto` threshold of 50, so
    // minibatches are asked for explicitly.
    const run = await runSearch({
      validation: 40,
      maxEvaluations: 600,
      settings: { minibatch: true },
    });
    expect(run.plan).toMatchObject({ minibatch: true, minibatchSize: 35 });
    expect(run.trials.length).toBeGreaterThan(5);
    for (const entry of run.trials) {
      expect(entry).toMatchObject({ evaluations: 35, scoredOn: 'minibatch' });
    }
    const minibatches = evaluatedBy(run.events, 'trial');
    const drawn = new Set<string>();
    for (const ids of minibatches.values()) {
      expect(new Set(ids).size).toBe(35);
      for (const id of ids) expect(run.validationIds).toContain(id);
      drawn.add([...ids].sort().join(','));
    }
    // Each trial draws its own seeded minibatch, so they are not all the same 35.
    expect(drawn.size).toBeGreaterThan(1);
    const full = evaluatedBy(run.events, 'validation');
    expect([...full.keys()].map((step) => step + 1)).toEqual(cadence(run.plan.trials, 5));
    for (const ids of full.values()) expect(ids).toHaveLength(40);
    expect(run.evaluationsUsed).toBe(run.evaluationsCounted);
  });

  it.each([
    { validation: 40, minibatch: 'auto', scoredOn: 'validation', evaluations: 40 },
    { validation: 51, minibatch: 'auto', scoredOn: 'minibatch', evaluations: 35 },
    { validation: 35, minibatch: true, scoredOn: 'validation', evaluations: 35 },
    { validation: 36, minibatch: true, scoredOn: 'minibatch', evaluations: 35 },
  ] as const)(
    'with $validation validation instances and minibatch $minibatch, scores trials on $scoredOn',
    async ({ validation, minibatch, scoredOn, evaluations }) => {
      const run = await runSearch({ validation, maxEvaluations: 500, settings: { minibatch } });
      expect(run.plan.minibatch).toBe(scoredOn === 'minibatch');
      expect(run.trials.length).toBeGreaterThan(0);
      // A trial that repeats a validated combination is not scored again (0 evaluations).
      const scored = run.trials.filter((entry) => entry.scoredOn !== 'reused');
      expect(scored.length).toBeGreaterThan(0);
      for (const entry of scored) expect(entry).toMatchObject({ scoredOn, evaluations });
      expect(run.evaluationsUsed).toBe(run.evaluationsCounted);
      expect(run.evaluationsUsed).toBeLessThanOrEqual(500);
    },
  );
});
