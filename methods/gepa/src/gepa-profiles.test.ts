import type { MethodEvent } from '@forge/method';
import { createMethodTestContext } from '@forge/method/testing';
import { describe, expect, it } from 'vitest';
import {
  fencedReflector,
  twoModuleBenchmark,
  twoModuleInstances,
  twoModuleTaskModel,
} from './__fixtures__/scripted-models.js';
import { toyGepaTask } from './__fixtures__/toy-gepa-task.js';
import type { GepaEnvironment } from './gepa-environment.js';
import { gepaMergeMethod, gepaMethod } from './gepa-method.js';
import { parseGepaSettings } from './gepa-settings.js';
import { initialGepaState } from './gepa-state.js';
import { mergeScheduled } from './merge-iteration.js';

function twoModuleRun(profile: string, options: Parameters<typeof fencedReflector>[0] = {}) {
  const reflector = fencedReflector(options);
  const test = createMethodTestContext({
    benchmark: twoModuleBenchmark,
    train: twoModuleInstances('t', 8),
    validation: twoModuleInstances('v', 4),
    taskModel: twoModuleTaskModel(),
    optimizerModel: reflector,
    budget: { maxEvaluations: 40 },
    settings: gepaMethod.parseSettings?.({ profile }) ?? {},
  });
  return { test, reflector, run: () => gepaMethod.run(test.context) };
}

const outcomes = (events: readonly MethodEvent[]) =>
  events.flatMap((event) => (event.type === 'step-end' ? [event.outcome] : []));

describe('GEPA reflection failures by profile', () => {
  const failing = (failures: number) => ({
    transform: (text: string, callIndex: number) => {
      if (callIndex < failures) throw new Error(`reflection service down (${callIndex})`);
      return text;
    },
  });

  it('reference: retries a failing reflection once, then skips the iteration', async () => {
    const { test, reflector, run } = twoModuleRun('reference', failing(2));
    const result = await run();
    // Iteration 0 asked twice (both failed) and was skipped with its parent minibatch spent.
    expect(outcomes(test.events)[0]).toBe('reflection-failed');
    expect(result.summary?.['reflectionFailed']).toBe(1);
    expect(reflector.requests[0]?.messages).toEqual(reflector.requests[1]?.messages);
    expect(result.steps).toBeGreaterThan(1);
    expect(result.bestValidation).toBeGreaterThan(result.seedValidation);
    const notes = test.events.filter(
      (event) => event.type === 'method-note' && event.kind === 'reflection-failed',
    );
    expect(notes).toHaveLength(1);
  });

  it('reference: a reflection that fails once is retried and used', async () => {
    const { test, run } = twoModuleRun('reference', failing(1));
    const result = await run();
    expect(outcomes(test.events)[0]).toBe('accepted');
    expect(result.summary?.['reflectionFailed']).toBe(0);
  });

  it('paper: a failing reflection stops the run', async () => {
    const { run } = twoModuleRun('paper', failing(1));
    await expect(run()).rejects.toThrow(/reflection service down/);
  });
});

describe('GEPA reflection answers without a fence by profile', () => {
  const unfenced = { transform: (text: string) => text.replaceAll('```', '') };

  it('reference: adopts the whole answer as the new text', async () => {
    const { test, run } = twoModuleRun('reference', unfenced);
    const result = await run();
    expect(result.summary?.['noProposal']).toBe(0);
    const proposals = test.events.filter(
      (event) => event.type === 'evaluation-end' && event.target === 'proposal',
    );
    expect(proposals.length).toBeGreaterThan(0);
    expect(result.bestCandidate.prompts['first'] ?? result.bestCandidate.prompts['second']).toMatch(
      /^Adding /,
    );
  });

  it('reference: adopts an empty block as an empty text', async () => {
    const { test, run } = twoModuleRun('reference', { transform: () => '```\n```' });
    const result = await run();
    expect(result.summary?.['noProposal']).toBe(0);
    expect(outcomes(test.events)).not.toContain('no-proposal');
  });

  it('paper: keeps the parent (no proposal)', async () => {
    const { run } = twoModuleRun('paper', unfenced);
    const result = await run();
    expect(result.summary?.['noProposal']).toBe(result.steps);
    expect(result.candidates).toBe(1);
  });
});

describe('GEPA merge cap by profile', () => {
  const environmentFor = (profile: string) =>
    ({
      settings: parseGepaSettings({ profile, maxMergeInvocations: 2 }, { useMerge: true }),
    }) as GepaEnvironment;
  // Two merges accepted (the cap) while two more are still owed: the reference's engine only
  // asks for one owed (engine.py:979), so it merges again; the paper profile stops at the cap.
  const state = (() => {
    const initial = initialGepaState({ prompts: { answer: 'x' }, scores: [0], usage: {} });
    return {
      ...initial,
      merge: { ...initial.merge, due: 2, accepted: 2, lastIterationFoundNew: true },
    };
  })();

  it('reference: runs merges owed past maxMergeInvocations', () => {
    expect(mergeScheduled(state, environmentFor('reference'))).toBe(true);
  });

  it('paper: tries no merge once maxMergeInvocations were accepted', () => {
    expect(mergeScheduled(state, environmentFor('paper'))).toBe(false);
    expect(
      mergeScheduled({ ...state, merge: { ...state.merge, accepted: 1 } }, environmentFor('paper')),
    ).toBe(true);
  });
});

describe('GEPA budget rule by profile (toy task: b = 3, |V| = 8, worst iteration 14)', () => {
  const run = async (profile: string, maxEvaluations: number, method = gepaMethod) => {
    const test = createMethodTestContext({
      ...toyGepaTask(),
      optimizerModel: fencedReflector(),
      budget: { maxEvaluations },
      settings: method.parseSettings?.({ profile }) ?? {},
    });
    const result = await method.run(test.context);
    expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
    return result;
  };

  it.each([9, 21, 37, 60, 101])(
    'reference: runs until the ceiling of %i is reached, overshooting by less than 2b + |V|',
    async (ceiling) => {
      for (const method of [gepaMethod, gepaMergeMethod]) {
        const result = await run('reference', ceiling, method);
        expect(result.stopReason).toMatch(/^evaluation budget .*top of each iteration/);
        expect(result.evaluationsUsed).toBeGreaterThanOrEqual(ceiling);
        expect(result.evaluationsUsed).toBeLessThan(ceiling + 14);
        const paper = await run('paper', ceiling, method);
        expect(paper.evaluationsUsed).toBeLessThanOrEqual(ceiling);
      }
    },
  );

  it('reference: overshoots where the paper profile stops short, and says it may', async () => {
    const reference = await run('reference', 37);
    const paper = await run('paper', 37);
    // 2b + |V| − 1 = 13: the most the last iteration can spend past the ceiling.
    expect(reference.ceilingNote).toMatch(/top of each iteration.*up to 13 evaluations/);
    expect(paper.ceilingNote).toBeUndefined();
    expect(reference.evaluationsUsed).toBeGreaterThan(37);
    expect(paper.evaluationsUsed).toBeLessThanOrEqual(37);
    expect(reference.steps).toBeGreaterThan(paper.steps);
  });
});
