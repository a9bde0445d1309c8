import { createMethodTestContext } from '@forge/method/testing';
import type { Prompts } from '@forge/program';
import { describe, expect, it } from 'vitest';
import {
  fencedReflector,
  twoModuleBenchmark,
  twoModuleInstances,
  twoModuleTaskModel,
} from './__fixtures__/scripted-models.js';
import { createGepaEnvironment } from './create-gepa-environment.js';
import { gepaMergeMethod } from './gepa-method.js';
import { parseGepaSettings } from './gepa-settings.js';
import { addCandidate, type GepaState, initialGepaState } from './gepa-state.js';
import { mergeIteration, mergeScheduled } from './merge-iteration.js';
import { scoresOf } from './reflective-iteration.js';

const seed: Prompts = { first: 'You are the first module.', second: 'You are the second module.' };

/**
 * A pool of three: the seed, a child that taught `first` rules a and b, and a sibling that
 * taught `second` rules c and d plus `extra` (a spoiler word, or nothing). Both children are on
 * the Pareto front and share the seed as their ancestor; a merge is due.
 */
async function poolWithSiblings(extra: string, firstRules = ' rule-a rule-b') {
  const settings = parseGepaSettings({}, { useMerge: true });
  const test = createMethodTestContext({
    benchmark: twoModuleBenchmark,
    train: twoModuleInstances('t', 8),
    validation: twoModuleInstances('v', 8),
    taskModel: twoModuleTaskModel(),
    optimizerModel: fencedReflector(),
    budget: { maxEvaluations: 1000 },
    settings: { ...settings },
  });
  const environment = createGepaEnvironment(
    'gepa-merge',
    settings,
    test.context,
    ['first', 'second'],
    3,
  );
  const validate = async (prompts: Prompts) =>
    scoresOf(await environment.evaluate(prompts, test.context.validation, 'validation', 0));
  const childA = { ...seed, first: `${seed['first']}${firstRules}` };
  const childC = { ...seed, second: `${seed['second']} rule-c rule-d${extra}` };
  let state: GepaState = initialGepaState({
    prompts: seed,
    scores: await validate(seed),
    usage: {},
  });
  for (const prompts of [childA, childC]) {
    state = addCandidate(state, {
      prompts,
      parents: [0],
      origin: 'reflection',
      components: [],
      scores: await validate(prompts),
      iteration: 0,
    });
  }
  state = {
    ...state,
    iteration: 2,
    merge: { ...state.merge, due: 1, lastIterationFoundNew: true },
  };
  return { test, environment, state, before: test.evaluationsCounted() };
}

describe('the merge step', () => {
  it('accepts a merge that combines what each sibling changed, and validates it in full', async () => {
    const { test, environment, state, before } = await poolWithSiblings('');
    expect(mergeScheduled(state, environment)).toBe(true);
    const outcome = await mergeIteration(state, environment);
    if ('fellThrough' in outcome) throw new Error('expected a merge');
    expect(outcome.outcome).toBe('merge-accepted');
    const merged = outcome.state.candidates[3];
    expect(merged?.prompts).toEqual({
      first: `${seed['first']} rule-a rule-b`,
      second: `${seed['second']} rule-c rule-d`,
    });
    expect(merged?.parents).toEqual([1, 2]);
    expect(merged?.ancestor).toBe(0);
    expect(merged?.origin).toBe('merge');
    expect(merged?.validation).toBe(1);
    // The subsample (5) and then the full validation set (8), counted as the reference counts.
    expect(test.evaluationsCounted() - before).toBe(13);
    expect(outcome.state.evaluationsUsed - state.evaluationsUsed).toBe(13);
    expect(outcome.state.merge).toMatchObject({
      due: 0,
      accepted: 1,
      lastIterationFoundNew: false,
    });
    const record = outcome.records.find((entry) => entry.kind === 'merge')?.data as {
      subsample: string[];
      parentSums: number[];
      mergedSum: number;
    };
    expect(record.subsample).toHaveLength(5);
    expect(new Set(record.subsample).size).toBe(5);
    expect(record.mergedSum).toBe(5);
  });

  it('stratifies the subsample: instances each parent wins come first', async () => {
    const { environment, state } = await poolWithSiblings('');
    const outcome = await mergeIteration(state, environment);
    if ('fellThrough' in outcome) throw new Error('expected a merge');
    const record = outcome.records.find((entry) => entry.kind === 'merge')?.data as {
      subsample: string[];
    };
    const categories = record.subsample.map((id) => ['a', 'b', 'c', 'd'][Number(id.slice(1)) % 4]);
    // ⌈5/3⌉ = 2 from "first parent better" (a, b), 2 from "second better" (c, d), 1 topped up.
    expect(categories.slice(0, 2).every((category) => category === 'a' || category === 'b')).toBe(
      true,
    );
    expect(categories.slice(2, 4).every((category) => category === 'c' || category === 'd')).toBe(
      true,
    );
  });

  it('accepts a merge that only ties the better parent on the subsample (>=)', async () => {
    // The first sibling knows only rule a; the merged candidate loses a and b to the spoiler, so
    // it scores exactly like the second sibling on every instance. The subsample holds 2 a's
    // (first better), 2 of c/d (second better) and 1 b (a tie): sums 2, 2 and merged 2.
    const { environment, state } = await poolWithSiblings(' poison', ' rule-a');
    const outcome = await mergeIteration(state, environment);
    if ('fellThrough' in outcome) throw new Error('expected a merge');
    const record = outcome.records.find((entry) => entry.kind === 'merge')?.data as {
      parentSums: number[];
      mergedSum: number;
    };
    expect(record.parentSums).toEqual([2, 2]);
    expect(record.mergedSum).toBe(2);
    expect(outcome.outcome).toBe('merge-accepted');
  });

  it('rejects a merge below the better parent, spends only the subsample and keeps the merge owed', async () => {
    const { test, environment, state, before } = await poolWithSiblings(' venom');
    const outcome = await mergeIteration(state, environment);
    if ('fellThrough' in outcome) throw new Error('expected a merge');
    expect(outcome.outcome).toBe('merge-rejected');
    expect(outcome.state.candidates).toHaveLength(3);
    expect(test.evaluationsCounted() - before).toBe(5);
    expect(outcome.state.evaluationsUsed - state.evaluationsUsed).toBe(5);
    // A rejected merge consumes neither `due` nor the accepted count (the reference's rule).
    expect(outcome.state.merge).toMatchObject({
      due: 1,
      accepted: 0,
      lastIterationFoundNew: false,
    });
    expect(outcome.state.merge.log.triplets).toEqual([[1, 2, 0]]);
    expect(outcome.state.counts.mergesTested).toBe(1);
    // The same triplet is never tried again: with no other pair, the next attempt falls through.
    const again = await mergeIteration(
      { ...outcome.state, merge: { ...outcome.state.merge, lastIterationFoundNew: true } },
      environment,
    );
    expect('fellThrough' in again).toBe(true);
  });

  it('is not attempted unless the previous iteration accepted a child, nor past the cap', async () => {
    const { environment, state } = await poolWithSiblings('');
    expect(
      mergeScheduled(
        { ...state, merge: { ...state.merge, lastIterationFoundNew: false } },
        environment,
      ),
    ).toBe(false);
    expect(mergeScheduled({ ...state, merge: { ...state.merge, due: 0 } }, environment)).toBe(
      false,
    );
    expect(mergeScheduled({ ...state, merge: { ...state.merge, accepted: 5 } }, environment)).toBe(
      false,
    );
  });

  it('falls through when one candidate is the ancestor of the other', async () => {
    const { environment, state } = await poolWithSiblings('');
    const chained = {
      ...state,
      candidates: state.candidates.map((candidate, index) =>
        index === 2 ? { ...candidate, parents: [1] } : candidate,
      ),
    };
    const outcome = await mergeIteration(chained, environment);
    expect('fellThrough' in outcome).toBe(true);
  });
});

describe('GEPA+merge over a whole run', () => {
  it('tries merges only right after an accepted child and accepts at most maxMergeInvocations', async () => {
    const test = createMethodTestContext({
      benchmark: twoModuleBenchmark,
      train: twoModuleInstances('t', 16),
      validation: twoModuleInstances('v', 8),
      taskModel: twoModuleTaskModel(),
      optimizerModel: fencedReflector(),
      budget: { maxEvaluations: 400 },
      settings: gepaMergeMethod.parseSettings?.({ maxMergeInvocations: 1 }) ?? {},
    });
    const result = await gepaMergeMethod.run(test.context);
    const records = await test.context.storage.checkpoints.records();
    const outcomeAt = new Map(
      records
        .filter((record) => record.kind === 'iteration')
        .map((record) => [record.step, (record.data as { outcome: string }).outcome]),
    );
    const merges = records.filter((record) => record.kind === 'merge');
    for (const merge of merges) expect(outcomeAt.get((merge.step ?? 0) - 1)).toBe('accepted');
    expect(result.summary?.['mergesAccepted']).toBeLessThanOrEqual(1);
    expect(result.evaluationsUsed).toBeLessThanOrEqual(400);
    expect(result.evaluationsUsed).toBe(test.evaluationsCounted());
  });
});
