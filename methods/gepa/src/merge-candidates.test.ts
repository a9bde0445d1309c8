import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  emptyMergeLog,
  hasCombinableComponent,
  type MergePool,
  planMerge,
} from './merge-candidates.js';

// Seed 0; 1 and 2 are siblings; 1 changed x and z, 2 changed y and z.
const pool: MergePool = {
  candidates: [
    { x: 'x0', y: 'y0', z: 'z0' },
    { x: 'x1', y: 'y0', z: 'z1' },
    { x: 'x0', y: 'y2', z: 'z2' },
  ],
  parents: [[], [0], [0]],
  aggregates: [0.2, 0.6, 0.5],
  components: ['x', 'y', 'z'],
};

describe('planMerge', () => {
  it('takes the changed side of each component and the better parent where both changed', () => {
    const plan = planMerge({
      pool,
      mergeCandidates: [1, 2],
      log: emptyMergeLog,
      random: createRandom(0, 'merge'),
      hasOverlap: () => true,
    });
    expect(plan).toMatchObject({ id1: 1, id2: 2, ancestor: 0, sources: [1, 2, 1] });
    expect(plan?.prompts).toEqual({ x: 'x1', y: 'y2', z: 'z1' });
    expect(plan?.log.descriptions).toEqual([[1, 2, 1, 2, 1]]);
  });

  it('never builds the same combination twice', () => {
    const log = { triplets: [], descriptions: [[1, 2, 1, 2, 1]] };
    expect(
      planMerge({
        pool,
        mergeCandidates: [1, 2],
        log,
        random: createRandom(0, 'm'),
        hasOverlap: () => true,
      }),
    ).toBeUndefined();
  });

  it('needs two merge candidates, three in the pool, enough overlap, and no ancestry between them', () => {
    const base = { log: emptyMergeLog, random: createRandom(0, 'm'), hasOverlap: () => true };
    expect(planMerge({ ...base, pool, mergeCandidates: [1] })).toBeUndefined();
    expect(
      planMerge({
        ...base,
        pool: { ...pool, candidates: pool.candidates.slice(0, 2) },
        mergeCandidates: [0, 1],
      }),
    ).toBeUndefined();
    expect(
      planMerge({ ...base, pool, mergeCandidates: [1, 2], hasOverlap: () => false }),
    ).toBeUndefined();
    expect(
      planMerge({ ...base, pool: { ...pool, parents: [[], [0], [1]] }, mergeCandidates: [1, 2] }),
    ).toBeUndefined();
  });

  it('refuses an ancestor that scores above a descendant', () => {
    const better = { ...pool, aggregates: [0.7, 0.6, 0.5] };
    expect(
      planMerge({
        pool: better,
        mergeCandidates: [1, 2],
        log: emptyMergeLog,
        random: createRandom(0, 'm'),
        hasOverlap: () => true,
      }),
    ).toBeUndefined();
  });
});

describe('merge helpers', () => {
  it('find every ancestor and combinable components', () => {
    expect([...ancestorsOf([[], [0], [1], [2, 1]], 3)].sort()).toEqual([0, 1, 2]);
    expect(hasCombinableComponent(pool, 0, 1, 2)).toBe(true);
    const bothChangedOnly = {
      ...pool,
      candidates: [{ x: 'a' }, { x: 'b' }, { x: 'c' }],
      components: ['x'],
    };
    expect(hasCombinableComponent(bothChangedOnly, 0, 1, 2)).toBe(false);
  });
});
