import { RunMismatchError } from '@forge/method';
import { toyEvaluate, toyInstances, toyProgram, toyTaskModel } from '@forge/method/testing';
import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import type { SearchEvent } from '../events/search-event.js';
import { directSelectionWeights } from '../selection/__fixtures__/direct-selection-weights.js';
import { selectParent } from '../selection/select-parent.js';
import { MemoryRunStore } from '../store/run-store.js';
import { toyReflector } from '../testing/toy-optimizer.js';
import { runSearch } from './run-search.js';
import type { SearchOptions } from './search-options.js';

const train = toyInstances('t', 12);
const validation = toyInstances('v', 8);

function options(overrides: Partial<SearchOptions> = {}): SearchOptions {
  return {
    program: toyProgram(),
    evaluate: toyEvaluate,
    taskModel: toyTaskModel(),
    optimizerModel: toyReflector(),
    train,
    validation,
    maxEvaluations: 200,
    seed: 1,
    ...overrides,
  };
}

describe('runSearch', () => {
  it('improves the toy task from the seed and reports the best candidate', async () => {
    const result = await runSearch(options());
    expect(result.seedScore).toBe(0);
    expect(result.bestScore).toBe(1);
    expect(result.bestCandidate.index).toBeGreaterThan(0);
    for (const category of ['a', 'b', 'c', 'd']) {
      expect(Object.values(result.bestCandidate.prompts).join(' ')).toContain(`rule-${category}`);
    }
  });

  it('never exceeds the budget and counts |V| + B / 2B / 2B+|V| per step exactly', async () => {
    for (const budget of [8, 14, 20, 37, 60, 113]) {
      const taskModel = toyTaskModel();
      const result = await runSearch(options({ taskModel, maxEvaluations: budget }));
      const expected =
        validation.length +
        result.history.reduce(
          (total, record) =>
            total +
            ({ perfect: 3, 'no-op': 3, rejected: 6, accepted: 6 + validation.length } as const)[
              record.outcome
            ],
          0,
        );
      expect(result.evaluationsUsed).toBe(expected);
      expect(result.evaluationsUsed).toBeLessThanOrEqual(budget);
      // One task-model call per evaluation in this program: the count is what was really spent.
      expect(taskModel.calls.length).toBe(result.evaluationsUsed);
      // It stopped only because the next step might not fit.
      expect(result.evaluationsUsed + 6 + validation.length).toBeGreaterThan(budget);
    }
  });

  it('stops at completion after P steps without a gain when there is no synthesis (E = 0)', async () => {
    const stuck = toyReflector({ transform: () => 'no proposal' });
    const result = await runSearch(
      options({ optimizerModel: stuck, maxEvaluations: 10_000, stopAtCompletion: { patience: 4 } }),
    );
    expect(result.steps).toBe(4);
    expect(result.stopReason).toMatch(/^complete \(0 of 0 synthesis events, then 4 steps/);
    await expect(runSearch(options({ stopAtCompletion: true }))).rejects.toThrow(
      /needs a patience/,
    );
  });

  it('stops at a perfect validation score when asked, and keeps searching when not', async () => {
    const store = new MemoryRunStore();
    const stopped = await runSearch(
      options({ store, maxEvaluations: 2000, stopAtPerfectScore: true }),
    );
    expect(stopped.bestScore).toBe(1);
    expect(stopped.stopReason).toBe(
      `perfect score (best candidate #${stopped.bestCandidate.index} scored 1.000 on validation)`,
    );
    // No step after the one whose proposal reached 1.0 on validation.
    expect(stopped.history.at(-1)?.step).toBe(stopped.bestCandidate.step);
    expect(stopped.evaluationsUsed).toBeLessThan(2000 - 6 - validation.length);
    // A resumed run that had stopped there does not search on.
    const resumed = await runSearch(
      options({ store, maxEvaluations: 2000, stopAtPerfectScore: true }),
    );
    expect(resumed.steps).toBe(stopped.steps);
    expect(resumed.evaluationsUsed).toBe(stopped.evaluationsUsed);
    expect(resumed.stopReason).toBe(stopped.stopReason);

    const searching = await runSearch(options({ maxEvaluations: 2000 }));
    expect(searching.stopReason).toMatch(/^evaluation budget/);
    expect(searching.steps).toBeGreaterThan(stopped.steps);
    expect(searching.evaluationsUsed).toBeGreaterThan(stopped.evaluationsUsed);
  });

  it('stops before any step when the seed already scores the maximum', async () => {
    const solved = await runSearch(options({ maxEvaluations: 2000, stopAtPerfectScore: true }));
    const result = await runSearch(
      options({
        maxEvaluations: 2000,
        stopAtPerfectScore: true,
        seedPrompts: solved.bestCandidate.prompts,
      }),
    );
    expect(result.seedScore).toBe(1);
    expect(result.steps).toBe(0);
    expect(result.evaluationsUsed).toBe(validation.length);
    expect(result.stopReason).toMatch(/^perfect score \(best candidate #0 scored 1\.000/);
  });

  it('draws every parent as the definition’s weights would, before and after a resume', async () => {
    const store = new MemoryRunStore();
    await runSearch(options({ store, maxEvaluations: 2000, maxSteps: 9 }));
    // The resumed run rebuilds its selection index from the replayed pool.
    const result = await runSearch(options({ store, maxEvaluations: 2000, maxSteps: 40 }));
    const { candidates, validationScores } = result.state;
    expect(candidates.length).toBeGreaterThan(3);
    for (const record of result.history) {
      const pool = validationScores.filter(
        (_, index) => (candidates[index]?.step ?? -1) < record.step,
      );
      const expected = selectParent(
        directSelectionWeights(pool),
        createRandom(1, 'select', record.step),
      );
      expect(record.parent, `step ${record.step}`).toBe(expected);
    }
  });

  it('refuses a budget smaller than the seed validation pass', async () => {
    await expect(runSearch(options({ maxEvaluations: 7 }))).rejects.toThrow('maxEvaluations');
  });

  it('reflects on modules round robin, in declaration order', async () => {
    const result = await runSearch(options({ maxSteps: 6 }));
    expect(result.history.map((record) => record.module)).toEqual([
      'read',
      'answer',
      'read',
      'answer',
      'read',
      'answer',
    ]);
  });

  it('accepts only strict minibatch improvements', async () => {
    // A reflector that changes the prompt without adding any rule: equal scores, never accepted.
    const reflector = toyReflector({
      transform: (_text, index) => `<system_prompt>variant ${index}</system_prompt>`,
    });
    const result = await runSearch(options({ optimizerModel: reflector, maxSteps: 5 }));
    expect(result.history.every((record) => record.outcome === 'rejected')).toBe(true);
    expect(result.candidates).toHaveLength(1);
  });

  it.each([
    ['missing', 'no block at all', 'missing-block'],
    ['empty', '<system_prompt>   </system_prompt>', 'empty-block'],
    [
      'duplicated',
      '<system_prompt>a rule-a</system_prompt> or <system_prompt>b</system_prompt>',
      'multiple-blocks',
    ],
    ['unclosed', 'Thinking. <system_prompt>rule-a rule-b', 'unclosed-block'],
  ])(
    'treats a %s <system_prompt> block as a no-op proposal without re-evaluation',
    async (_name, text, reason) => {
      const taskModel = toyTaskModel();
      const result = await runSearch(
        options({
          taskModel,
          optimizerModel: toyReflector({ transform: () => text }),
          maxSteps: 3,
        }),
      );
      expect(result.history.map((record) => [record.outcome, record.noOpReason])).toEqual([
        ['no-op', reason],
        ['no-op', reason],
        ['no-op', reason],
      ]);
      expect(result.evaluationsUsed).toBe(validation.length + 3 * 3);
      expect(taskModel.calls.length).toBe(validation.length + 3 * 3);
    },
  );

  it('treats an unchanged prompt as a no-op', async () => {
    const reflector = toyReflector({
      transform: (text) =>
        text.replace(
          /<system_prompt>[\s\S]*<\/system_prompt>/,
          '<system_prompt>You are the read module.</system_prompt>',
        ),
    });
    const result = await runSearch(options({ optimizerModel: reflector, maxSteps: 1 }));
    expect(result.history[0]?.noOpReason).toBe('unchanged');
  });

  it('ends a step without a proposal when the parent is perfect on the minibatch', async () => {
    const perfect = {
      read: 'rule-a rule-b rule-c rule-d',
      answer: 'You are the answer module.',
    };
    const reflector = toyReflector();
    const result = await runSearch(
      options({ seedPrompts: perfect, optimizerModel: reflector, maxSteps: 4 }),
    );
    expect(result.history.every((record) => record.outcome === 'perfect')).toBe(true);
    expect(reflector.calls).toHaveLength(0);
    expect(result.evaluationsUsed).toBe(validation.length + 4 * 3);
  });

  it('gives identical runs for the same seed at concurrency 1 and 16, whatever the completion order', async () => {
    const run = (concurrency: number) =>
      runSearch(
        options({
          concurrency,
          taskModel: toyTaskModel({ latencyMs: 3 }),
          optimizerModel: toyReflector({ latencyMs: 3 }),
          maxEvaluations: 120,
        }),
      );
    const [sequential, parallel] = await Promise.all([run(1), run(16)]);
    expect(parallel.state).toEqual(sequential.state);
    expect(parallel.history.length).toBeGreaterThan(3);
  });

  it('gives different runs for different seeds', async () => {
    const [first, second] = await Promise.all([
      runSearch(options({ seed: 1, maxSteps: 6 })),
      runSearch(options({ seed: 2, maxSteps: 6 })),
    ]);
    expect(first.history.map((record) => record.minibatch)).not.toEqual(
      second.history.map((record) => record.minibatch),
    );
  });

  it('resumes after a stop at step k and reaches the same final state as an uninterrupted run', async () => {
    const uninterrupted = await runSearch(options({ maxEvaluations: 150 }));
    for (const k of [0, 1, 3, 5]) {
      const store = new MemoryRunStore();
      const first = await runSearch(options({ store, maxEvaluations: 150, maxSteps: k }));
      expect(first.steps).toBe(k);
      const events: SearchEvent[] = [];
      const resumed = await runSearch(
        options({ store, maxEvaluations: 150, onEvent: (event) => events.push(event) }),
      );
      expect(events[0]).toMatchObject({ type: 'run-start', resumed: true, step: k });
      expect(resumed.state).toEqual(uninterrupted.state);
    }
  });

  it('resumes after an abort in the middle of a step, repeating only that step', async () => {
    const uninterrupted = await runSearch(options({ maxEvaluations: 150 }));
    const store = new MemoryRunStore();
    const controller = new AbortController();
    const taskModel = toyTaskModel({ latencyMs: 2 });
    let stepStarts = 0;
    await expect(
      runSearch(
        options({
          store,
          taskModel,
          maxEvaluations: 150,
          abortSignal: controller.signal,
          onEvent: (event) => {
            if (event.type === 'step-start' && ++stepStarts === 3)
              controller.abort(new Error('killed'));
          },
        }),
      ),
    ).rejects.toThrow('killed');
    const saved = await store.load();
    expect(saved?.actions.filter((action) => action.type === 'step-completed')).toHaveLength(2);
    const resumed = await runSearch(options({ store, maxEvaluations: 150 }));
    expect(resumed.state).toEqual(uninterrupted.state);
  });

  it('refuses to resume a run saved with other settings, naming the field', async () => {
    const store = new MemoryRunStore();
    await runSearch(options({ store, maxSteps: 1 }));
    const error = await runSearch(options({ store, seed: 99 })).catch((caught: unknown) => caught);
    expect(RunMismatchError.isInstance(error)).toBe(true);
    expect((error as RunMismatchError).field).toBe('seed');
  });

  it('gives the abort signal room for one listener per call in flight, without a leak warning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const controller = new AbortController();
    const inner = toyTaskModel();
    // Like the provider middleware: each call listens to the abort signal while it is in flight.
    const listening: typeof inner = Object.assign(Object.create(inner), {
      async generate(request: Parameters<typeof inner.generate>[0]) {
        const onAbort = () => {};
        request.abortSignal?.addEventListener('abort', onAbort);
        try {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return await inner.generate(request);
        } finally {
          request.abortSignal?.removeEventListener('abort', onAbort);
        }
      },
    });
    try {
      await runSearch(
        options({
          taskModel: listening,
          validation: toyInstances('w', 24),
          abortSignal: controller.signal,
          maxSteps: 1,
        }),
      );
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual(
      [],
    );
  });

  it('stops gracefully on a stop signal after the current step and saves it', async () => {
    const controller = new AbortController();
    const store = new MemoryRunStore();
    const result = await runSearch(
      options({
        store,
        stopSignal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'step-start' && event.step === 1) controller.abort();
        },
      }),
    );
    expect(result.steps).toBe(2);
    expect(result.stopReason).toBe('stop requested');
    expect(store.commitCount).toBe(3);
    expect(store.latestState).toEqual(result.state);
    // Only the latest state is kept unless asked for every commit.
    expect(() => store.commits).toThrow('keepCommits');
  });

  it('emits typed events in order, ending with run-end', async () => {
    const events: SearchEvent[] = [];
    await runSearch(options({ maxSteps: 2, onEvent: (event) => events.push(event) }));
    const types = events.map((event) => event.type).filter((type) => type !== 'evaluation-end');
    expect(types[0]).toBe('run-start');
    expect(types[1]).toBe('candidate-validated');
    expect(types.at(-1)).toBe('run-end');
    expect(types.filter((type) => type === 'step-start')).toHaveLength(2);
    expect(types.filter((type) => type === 'step-end')).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', steps: 2, reason: 'step limit (2)' });
  });
});
