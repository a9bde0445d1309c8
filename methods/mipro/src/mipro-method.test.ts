import type { CheckpointRecord, MethodMinibatch } from '@forge/method';
import { MemoryCheckpointStore } from '@forge/method';
import { checkMethodResume, createMethodTestContext, createTestCache } from '@forge/method/testing';
import { describe, expect, it } from 'vitest';
import { toyBenchmark, toyInstances, toyProposer, toyTaskModel } from './__fixtures__/mipro-toy.js';
import { miproMethod } from './mipro-method.js';

const base = (
  overrides: {
    maxEvaluations?: number;
    settings?: Record<string, unknown>;
    validation?: number;
  } = {},
) => ({
  benchmark: toyBenchmark,
  train: toyInstances('t', 24),
  validation: toyInstances('v', overrides.validation ?? 20, 1),
  taskModel: toyTaskModel(),
  optimizerModel: toyProposer(),
  budget: { maxEvaluations: overrides.maxEvaluations ?? 300 },
  settings: miproMethod.parseSettings?.(overrides.settings ?? {}) ?? {},
});

async function recordsOf(
  checkpoints: MemoryCheckpointStore,
  kind: string,
): Promise<CheckpointRecord[]> {
  return (await checkpoints.records()).filter((record) => record.kind === kind);
}

describe('MIPROv2', () => {
  it('improves on the seed and spends exactly what it reports', async () => {
    const test = createMethodTestContext(base());
    const result = await miproMethod.run(test.context);
    expect(result.seedValidation).toBe(0.25);
    expect(result.bestValidation).toBeGreaterThan(result.seedValidation);
    expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
    expect(result.evaluationsUsed).toBeLessThanOrEqual(300);
    expect(result.bestCandidateIndex).toBeGreaterThan(0);
    expect(result.history[0]).toMatchObject({ candidate: 0, validation: 0.25 });
    expect(result.history.at(-1)?.bestValidation).toBe(result.bestValidation);
    expect(result.summary).toMatchObject({ minibatch: false, demoSets: 6 });
    const types = new Set(test.events.map((event) => event.type));
    for (const type of [
      'run-start',
      'evaluation-end',
      'candidate-validated',
      'step-end',
      'method-note',
    ])
      expect(types).toContain(type);
  });

  it('keeps only the bootstrapped traces whose runs passed, and fills up with labelled demos', async () => {
    const checkpoints = new MemoryCheckpointStore();
    const test = createMethodTestContext({ ...base(), checkpoints });
    await miproMethod.run(test.context);
    const runs = (await recordsOf(checkpoints, 'bootstrap-runs')).flatMap(
      (record) => record.data as { instanceId: string; passed: boolean }[],
    );
    const passed = new Set(runs.filter((run) => run.passed).map((run) => run.instanceId));
    const failed = runs.filter((run) => !run.passed).map((run) => run.instanceId);
    expect(passed.size).toBeGreaterThan(0);
    expect(failed.length).toBeGreaterThan(0);
    const [demoSets] = await recordsOf(checkpoints, 'demo-sets');
    if (demoSets === undefined) throw new Error('no demo-sets record');
    const sets = (
      demoSets.data as {
        sets: {
          kind: string;
          modules: Record<string, string[]>;
          bootstrapped: Record<string, number>;
        }[];
      }
    ).sets;
    expect(sets.map((set) => set.kind)).toEqual([
      'zero-shot',
      'labelled',
      'bootstrapped',
      'bootstrapped',
      'bootstrapped',
      'bootstrapped',
    ]);
    for (const set of sets.filter((entry) => entry.kind === 'bootstrapped')) {
      const ids = set.modules['answer'] ?? [];
      const bootstrapped = ids.slice(0, set.bootstrapped['answer'] ?? 0);
      expect(bootstrapped.length).toBeGreaterThan(0);
      for (const id of bootstrapped) expect(passed.has(id)).toBe(true);
      // Labelled fill never repeats a kept run, and the set holds at most four.
      for (const id of ids.slice(bootstrapped.length)) expect(bootstrapped).not.toContain(id);
      expect(ids.length).toBeLessThanOrEqual(4);
    }
  });

  it('grounds each proposal in the data summary, the program description and the demos', async () => {
    const proposer = toyProposer();
    const test = createMethodTestContext({ ...base(), optimizerModel: proposer });
    await miproMethod.run(test.context);
    const proposals = proposer.requests
      .map((request) => String((request.messages[0] as { content: string }).content))
      .filter((user) => user.includes('\n# Basic Instruction\n'));
    // light: N = 6 demo sets, 3 instruction candidates, the seed prompt being one.
    expect(proposals).toHaveLength(2);
    for (const user of proposals) {
      expect(
        user.startsWith('# Dataset Summary\n\nThe data covers categories a, b, c, d.\n\n'),
      ).toBe(true);
      expect(user).toContain('# Program Description\n\nOne module answers category:value.');
      expect(user).toContain('# Module\n\n`answer`\n\nIt writes the answer.');
      expect(user).toContain('# Basic Instruction\n\nAnswer.');
      expect(user).toMatch(/# Tip\n\n/);
    }
    // The second proposal is grounded on demo set 2, whose bootstrapped runs are all category a.
    expect(proposals[1]).toContain(
      '# Task Demonstrations\n\n## Demonstration 1\n\n### Input\n\n#### category\na',
    );
    expect(proposer.requests.every((request) => request.metadata?.role === 'propose')).toBe(true);
  });

  it('proposes nothing new without a data summary when the proposer can only use the data', async () => {
    const proposer = toyProposer();
    const test = createMethodTestContext({
      ...base({ settings: { dataAware: false } }),
      optimizerModel: proposer,
    });
    const result = await miproMethod.run(test.context);
    const users = proposer.requests.map((request) =>
      String((request.messages[0] as { content: string }).content),
    );
    expect(users.some((user) => user.includes('# Dataset Summary'))).toBe(false);
    expect(users.some((user) => user.startsWith('# Dataset Examples'))).toBe(false);
    expect(result.summary).toMatchObject({
      instructionCandidates: { answer: 1 },
      proposalNoOps: 2,
    });
  });

  it('never spends more than the ceiling, whatever the ceiling', async () => {
    for (const maxEvaluations of [20, 21, 45, 57, 100, 173, 260]) {
      const test = createMethodTestContext(base({ maxEvaluations }));
      const result = await miproMethod.run(test.context);
      expect(test.evaluationsCounted(), `ceiling ${maxEvaluations}`).toBeLessThanOrEqual(
        maxEvaluations,
      );
      expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
      expect(result.summary?.['estimatedEvaluations'] as number).toBeLessThanOrEqual(
        maxEvaluations,
      );
      expect(result.summary?.['estimateGap'] as number).toBeGreaterThanOrEqual(0);
    }
  });

  it('scores trials on minibatches of 35 with a full evaluation every 5 trials and after the last', async () => {
    const checkpoints = new MemoryCheckpointStore();
    const test = createMethodTestContext({
      ...base({ validation: 60, maxEvaluations: 900 }),
      checkpoints,
    });
    const result = await miproMethod.run(test.context);
    const [plan] = await recordsOf(checkpoints, 'search-plan');
    if (plan === undefined) throw new Error('no search-plan record');
    const trials = (plan.data as { trials: number }).trials;
    expect(plan.data).toMatchObject({ minibatch: true, minibatchSize: 35, validationSize: 60 });
    const trialRecords = await recordsOf(checkpoints, 'trial');
    expect(trialRecords).toHaveLength(trials);
    expect(
      trialRecords.every((record) => (record.data as { evaluations: number }).evaluations === 35),
    ).toBe(true);
    // Each trial's minibatch executions are kept, in the trial's order, scoring as the trial did.
    const validationIds = new Set(test.context.validation.map((instance) => instance.id));
    const minibatches = await recordsOf(checkpoints, 'minibatch');
    expect(minibatches).toHaveLength(trials);
    for (const [index, record] of minibatches.entries()) {
      const data = record.data as MethodMinibatch;
      const trial = trialRecords[index]?.data as { trial: number; score: number };
      expect(record.step).toBe(trial.trial - 1);
      expect(data.instances).toHaveLength(35);
      expect(data.instances.every((id) => validationIds.has(id))).toBe(true);
      expect(data.parentExecutions).toEqual([]);
      const executions = data.proposalExecutions ?? [];
      expect(executions.map((execution) => execution.instanceId)).toEqual(data.instances);
      expect(executions.every((execution) => execution.trace.length > 0)).toBe(true);
      const mean = executions.reduce((total, execution) => total + execution.score, 0) / 35;
      expect(mean).toBeCloseTo(trial.score, 10);
    }
    const all = await checkpoints.records();
    // A full evaluation (or a skip, when everything tried is validated) follows trials 5, 10, … and the last.
    const fullAfter = all
      .map((record) => ({ record }))
      .filter(
        ({ record }) =>
          record.kind === 'candidate' && (record.data as { trial: number | null }).trial !== null,
      )
      .map(({ record }) => (record.data as { trial: number }).trial);
    expect(fullAfter.length).toBeGreaterThan(0);
    for (const trial of fullAfter) expect(trial % 5 === 0 || trial === trials).toBe(true);
    expect(result.evaluationsUsed).toBeLessThanOrEqual(900);
    expect(result.summary?.['estimateGap']).toBe(
      (result.summary?.['estimatedEvaluations'] as number) - result.evaluationsUsed,
    );
  });

  it('is deterministic under its seed', async () => {
    const first = await miproMethod.run(createMethodTestContext(base()).context);
    const second = await miproMethod.run(createMethodTestContext(base()).context);
    expect(second).toEqual(first);
  });

  it('resumes after a cut at any point (kill -9) to the result of an uninterrupted run', async () => {
    const report = await checkMethodResume(miproMethod, {
      ...base({ validation: 60, maxEvaluations: 700 }),
      cutAfterEvaluations: [10, 75, 130, 260, 400, 590],
    });
    expect(report.interruptions).toBeGreaterThanOrEqual(5);
    expect(report.resumed).toEqual(report.whole);
    // A cut may redo the unit of work it interrupted (at most a full validation pass), never more.
    expect(report.resumedEvaluations - report.wholeEvaluations).toBeLessThanOrEqual(6 * 60);
  });

  it('resumes after a cut in the middle of the proposal stage', async () => {
    const whole = await miproMethod.run(createMethodTestContext(base()).context);
    const checkpoints = new MemoryCheckpointStore();
    const cache = createTestCache();
    const controller = new AbortController();
    const proposer = toyProposer();
    let calls = 0;
    const cutting = {
      ...proposer,
      generate: (request: Parameters<typeof proposer.generate>[0]) => {
        calls += 1;
        if (calls === 5) controller.abort(new Error('cut during the proposals'));
        return proposer.generate(request);
      },
    };
    const first = createMethodTestContext({
      ...base(),
      optimizerModel: cutting,
      checkpoints,
      cache,
      abortSignal: controller.signal,
    });
    await expect(miproMethod.run(first.context)).rejects.toThrow();
    const saved = (await checkpoints.load())?.state as { phase: string };
    expect(saved.phase).toBe('propose');
    const second = createMethodTestContext({ ...base(), checkpoints, cache });
    const resumed = await miproMethod.run(second.context);
    expect(resumed).toEqual(whole);
  });
});
