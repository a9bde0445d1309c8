import { MemoryCheckpointStore, type MethodEvent, RunMismatchError } from '@forge/method';
import { checkMethodResume, createMethodTestContext, toyTaskModel } from '@forge/method/testing';
import type { MockLanguageModel } from '@forge/provider/testing';
import { describe, expect, it } from 'vitest';
import { toyAceCurator, toyAceOptimizer, toyAceReflector } from './__fixtures__/toy-ace-models.js';
import { toyAceTask } from './__fixtures__/toy-ace-task.js';
import { aceMethod } from './ace-method.js';

const base = (overrides: { maxEvaluations?: number; settings?: Record<string, unknown> } = {}) => ({
  ...toyAceTask(),
  optimizerModel: toyAceOptimizer(),
  budget: { maxEvaluations: overrides.maxEvaluations ?? 200 },
  seed: 3,
  settings: aceMethod.parseSettings?.(overrides.settings ?? {}) ?? {},
});

describe('ACE on the toy task', () => {
  it('learns a bullet per category, improves over the seed and stops when an epoch changes nothing', async () => {
    const test = createMethodTestContext(base());
    const result = await aceMethod.run(test.context);
    expect(result.seedValidation).toBe(0);
    expect(result.bestValidation).toBe(1);
    expect(result.stopReason).toBe('converged: epoch 2 changed no bullet');
    expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
    expect(result.summary?.['finalPlaybook']).toMatchObject({ bullets: 4 });
    // Candidates: the seed, the end of epoch 1; epoch 2 only moved counters, which changes the
    // rendered prompts, so it is validated too.
    expect(result.candidates).toBe(3);
    expect(result.bestCandidateIndex).toBe(1);
    for (const category of ['a', 'b', 'c', 'd']) {
      expect(result.bestCandidate.prompts['answer']).toContain(`rule-${category}`);
    }
    expect(result.usage['reflect']?.calls).toBeGreaterThan(0);
    expect(result.usage['curate']?.calls).toBe(16);
    expect(result.usage['task']?.calls).toBe(result.evaluationsUsed);
  });

  it('tags every model call with its role', async () => {
    const reflector = toyAceReflector();
    const curator = toyAceCurator();
    const task = toyTaskModel();
    const test = createMethodTestContext({
      ...base(),
      taskModel: task,
      optimizerModel: (role) => (role === 'reflect' ? reflector : curator),
    });
    await aceMethod.run(test.context);
    const roles = (model: MockLanguageModel) =>
      new Set(model.requests.map((request) => request.metadata?.role));
    expect(roles(task)).toEqual(new Set(['task']));
    expect(roles(reflector)).toEqual(new Set(['reflect']));
    expect(roles(curator)).toEqual(new Set(['curate']));
    expect(reflector.calls.length).toBeGreaterThan(0);
    expect(curator.calls.length).toBeGreaterThan(0);
  });

  it('never exceeds the evaluation ceiling, whatever the ceiling', async () => {
    for (const maxEvaluations of [4, 5, 12, 13, 14, 17, 29, 41, 55, 77]) {
      const test = createMethodTestContext(base({ maxEvaluations }));
      const result = await aceMethod.run(test.context);
      expect(test.evaluationsCounted()).toBeLessThanOrEqual(maxEvaluations);
      expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
      if (result.steps > 0)
        expect(result.stopReason).toMatch(/^evaluation budget|^converged|^epochs/);
    }
  });

  it('validates the last playbook when the budget stops it mid-epoch', async () => {
    // Seed 4; two samples of at most 5 evaluations with a pass of 4 reserved fit in 4 + 10 + 4.
    const test = createMethodTestContext(base({ maxEvaluations: 18 }));
    const result = await aceMethod.run(test.context);
    expect(result.stopReason).toMatch(/^evaluation budget/);
    const records = await test.context.storage.checkpoints.records();
    const candidates = records.filter((record) => record.kind === 'candidate');
    expect(candidates.map((record) => (record.data as { origin: string }).origin)).toEqual([
      'seed',
      'final',
    ]);
    expect(result.bestValidation).toBeGreaterThan(result.seedValidation);
  });

  it('ends after numEpochs when convergence stopping is off', async () => {
    const test = createMethodTestContext(
      base({ settings: { numEpochs: 3, stopWhenUnchanged: false } }),
    );
    const result = await aceMethod.run(test.context);
    expect(result.stopReason).toBe('epochs completed (3)');
    expect(result.steps).toBe(24);
  });

  it('emits the contract events and saves the playbook at every step', async () => {
    const test = createMethodTestContext(base());
    const result = await aceMethod.run(test.context);
    const types = test.events.map((event) => event.type);
    expect(types[0]).toBe('run-start');
    expect(test.events.filter((event) => event.type === 'step-end')).toHaveLength(result.steps);
    expect(test.events.filter((event) => event.type === 'candidate-validated')).toHaveLength(
      result.candidates,
    );
    expect(types.filter((type) => type === 'evaluation-end')).toHaveLength(result.evaluationsUsed);
    const notes = test.events.filter(
      (event): event is Extract<MethodEvent, { type: 'method-note' }> =>
        event.type === 'method-note',
    );
    expect(notes.some((note) => note.kind === 'playbook-curated')).toBe(true);
    expect(notes.at(-1)?.kind).toBe('early-stop');

    const records = await test.context.storage.checkpoints.records();
    const steps = records.filter((record) => record.kind === 'step');
    const playbooks = records.filter((record) => record.kind === 'playbook');
    expect(steps.map((record) => record.step)).toEqual([...Array(result.steps).keys()]);
    expect(playbooks.map((record) => record.step)).toEqual([...Array(result.steps).keys()]);
    const sizes = steps.map(
      (record) => (record.data as { playbook: { bullets: number; helpful: number } }).playbook,
    );
    expect(sizes.at(-1)?.bullets).toBe(4);
    // Helpful counters only grow on this task: every right answer credits its rule's bullet.
    expect(sizes.map((size) => size.helpful)).toEqual(
      [...sizes.map((size) => size.helpful)].sort((a, b) => a - b),
    );
    expect(records.filter((record) => record.kind === 'epoch')).toHaveLength(2);
    expect(records.at(-1)?.kind).toBe('stop');
  });

  it('resumes to the identical result after being cut at any point', async () => {
    const report = await checkMethodResume(aceMethod, {
      ...base(),
      cutAfterEvaluations: [2, 7, 19, 33, 45],
    });
    expect(report.interruptions).toBe(5);
    expect(report.resumed).toEqual(report.whole);
    expect(report.resumedEvaluations).toBeGreaterThanOrEqual(report.wholeEvaluations);
  });

  it('folds restated bullets and holds every step`s playbook within its token budget', async () => {
    // A careless curator: every lesson is added twice, the second time restated.
    const curator = toyAceCurator({
      transform: (text) => {
        const answer = JSON.parse(text) as { operations: { content: string }[] };
        answer.operations = answer.operations.flatMap((operation) => [
          operation,
          { ...operation, section: 'others', content: `Confirmed: ${operation.content}` },
        ]);
        return JSON.stringify(answer);
      },
    });
    const reflector = toyAceReflector();
    const tokenBudget = 50;
    const test = createMethodTestContext({
      ...base({ settings: { tokenBudget } }),
      optimizerModel: (role) => (role === 'reflect' ? reflector : curator),
    });
    const result = await aceMethod.run(test.context);
    expect(result.summary?.['duplicatesMerged']).toBeGreaterThan(0);
    expect(result.summary?.['evicted']).toBeGreaterThan(0);
    const records = await test.context.storage.checkpoints.records();
    const tokens = records
      .filter((record) => record.kind === 'step')
      .map((record) => (record.data as { playbook: { tokens: number } }).playbook.tokens);
    expect(Math.max(...tokens)).toBeLessThanOrEqual(tokenBudget);
    expect(result.bestValidation).toBeGreaterThan(result.seedValidation);
  });

  it('gives the same result when a finished or budget-stopped run is resumed', async () => {
    for (const maxEvaluations of [200, 30]) {
      const checkpoints = new MemoryCheckpointStore();
      const first = await aceMethod.run(
        createMethodTestContext({ ...base({ maxEvaluations }), checkpoints }).context,
      );
      const again = createMethodTestContext({ ...base({ maxEvaluations }), checkpoints });
      expect(await aceMethod.run(again.context)).toEqual(first);
      expect(again.evaluationsCounted()).toBe(0);
    }
  });

  it('refuses to resume a run saved with other settings', async () => {
    const checkpoints = new MemoryCheckpointStore();
    await aceMethod.run(
      createMethodTestContext({ ...base({ maxEvaluations: 12 }), checkpoints }).context,
    );
    const other = createMethodTestContext({
      ...base({ settings: { numEpochs: 2 } }),
      checkpoints,
    });
    await expect(aceMethod.run(other.context)).rejects.toSatisfy(
      (error) => RunMismatchError.isInstance(error) && error.field === 'settings',
    );
  });

  it('stops after the current unit of work on a stop request, and continues on resume', async () => {
    const controller = new AbortController();
    const checkpoints = new MemoryCheckpointStore();
    const first = createMethodTestContext({
      ...base(),
      checkpoints,
      stopSignal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step-end' && event.step === 2) controller.abort();
      },
    });
    const stopped = await aceMethod.run(first.context);
    expect(stopped.stopReason).toBe('stop requested');
    expect(stopped.steps).toBe(3);
    const resumed = await aceMethod.run(
      createMethodTestContext({ ...base(), checkpoints }).context,
    );
    const whole = await aceMethod.run(createMethodTestContext(base()).context);
    expect(resumed).toEqual(whole);
  });

  it('estimates an upper bound of its spend within the ceiling', () => {
    const estimate = aceMethod.estimate?.({
      maxEvaluations: 300,
      trainingSize: 30,
      validationSize: 20,
      modules: ['interpret', 'format'],
      minibatchSize: 3,
      settings: {},
      synthesis: { attempts: 0, epochs: 0, patience: 1 },
    });
    // (300 − 2·20) / 5 = 52 samples of at most 3 reflections and 1 curation each.
    expect(estimate).toMatchObject({
      taskEvaluations: 300,
      optimizerCalls: { reflect: 156, curate: 52 },
    });
    const small = aceMethod.estimate?.({
      maxEvaluations: 10_000,
      trainingSize: 4,
      validationSize: 2,
      modules: ['main'],
      minibatchSize: 3,
      settings: { numEpochs: 2 },
      synthesis: { attempts: 0, epochs: 0, patience: 1 },
    });
    // 2 + 2 · (4 · 5 + 2) = 46 when the epochs end first.
    expect(small).toMatchObject({
      taskEvaluations: 46,
      optimizerCalls: { reflect: 24, curate: 8 },
    });
  });

  it('expects a typical run: the convergence stop after two epochs, most samples reflected on once', () => {
    const input = {
      maxEvaluations: 100_000,
      trainingSize: 30,
      validationSize: 20,
      modules: ['interpret', 'format'],
      minibatchSize: 3,
      synthesis: { attempts: 0, epochs: 0, patience: 1 },
    };
    const estimate = aceMethod.estimate?.({ ...input, settings: {} });
    // 60 samples of 1 + 0.4 · 2 + 1 = 2.8 evaluations, one validation pass of 20 an epoch:
    // 20 + 168 + 40 = 228, not the upper bound's five epochs of worst cases.
    expect(estimate?.expected).toMatchObject({
      taskEvaluations: 228,
      optimizerCalls: { reflect: 84, curate: 60 },
    });
    expect(estimate?.taskEvaluations).toBe(20 + 5 * (30 * 5 + 20));
    expect(estimate?.expected?.basis).toContain('2 epoch(s) (the convergence stop)');
    // Without the convergence stop every epoch runs.
    const reference = aceMethod.estimate?.({ ...input, settings: { profile: 'reference' } });
    expect(reference?.expected?.taskEvaluations).toBe(20 + 30 * 2.8 + 20);
    expect(estimate?.callShapes?.['reflect']).toMatchObject({ executionsShown: 1 });
    expect(estimate?.callShapes?.['curate']?.fixedPromptTokens).toBeGreaterThan(
      estimate?.callShapes?.['reflect']?.fixedPromptTokens ?? 0,
    );
  });
});
