import { describe, expect, it } from 'vitest';
import type { BootstrapOutcome } from './bootstrap-outcome.js';
import { bootstrappedIds, nextBootstrapBatch, planDemoSets } from './demo-set-plan.js';

const trainIds = Array.from({ length: 12 }, (_, index) => `t${index}`);
const outcome = (passed: boolean): BootstrapOutcome => ({
  score: passed ? 1 : 0,
  passed,
  demonstrations: {},
});

describe('planDemoSets', () => {
  it('follows the reference sequence: zero-shot, labelled, unshuffled, then shuffled sets', () => {
    const specs = planDemoSets({ trainIds, count: 6, maxBootstrapped: 4, maxLabeled: 4, seed: 0 });
    expect(specs.map((spec) => spec.kind)).toEqual([
      'zero-shot',
      'labelled',
      'bootstrapped',
      'bootstrapped',
      'bootstrapped',
      'bootstrapped',
    ]);
    const labelled = specs[1];
    expect(labelled?.kind === 'labelled' && labelled.instances).toHaveLength(4);
    expect(specs[2]).toEqual({ kind: 'bootstrapped', order: trainIds, size: 4 });
    for (const spec of specs.slice(3)) {
      if (spec.kind !== 'bootstrapped') throw new Error('expected a bootstrapped set');
      expect([...spec.order].sort()).toEqual([...trainIds].sort());
      expect(spec.size).toBeGreaterThanOrEqual(1);
      expect(spec.size).toBeLessThanOrEqual(4);
    }
    expect(
      planDemoSets({ trainIds, count: 6, maxBootstrapped: 4, maxLabeled: 4, seed: 0 }),
    ).toEqual(specs);
    // Without labelled demos the second set is bootstrapped too.
    expect(
      planDemoSets({ trainIds, count: 3, maxBootstrapped: 2, maxLabeled: 0, seed: 0 })[1]?.kind,
    ).toBe('bootstrapped');
  });
});

describe('nextBootstrapBatch', () => {
  it('asks for exactly the unseen instances that could still be kept, then stops', () => {
    const specs = [{ kind: 'bootstrapped' as const, order: trainIds, size: 3 }];
    const outcomes: Record<string, BootstrapOutcome> = {};
    expect(nextBootstrapBatch(specs, outcomes)).toEqual(['t0', 't1', 't2']);
    Object.assign(outcomes, { t0: outcome(true), t1: outcome(false), t2: outcome(true) });
    expect(nextBootstrapBatch(specs, outcomes)).toEqual(['t3']);
    outcomes['t3'] = outcome(true);
    expect(nextBootstrapBatch(specs, outcomes)).toBeUndefined();
    expect(bootstrappedIds(specs[0] as (typeof specs)[0], outcomes)).toEqual(['t0', 't2', 't3']);
  });

  it('reuses every known outcome across sets and counts known passes further along the walk', () => {
    const specs = [
      { kind: 'bootstrapped' as const, order: ['t0', 't1', 't2', 't3'], size: 2 },
      { kind: 'bootstrapped' as const, order: ['t3', 't0', 't5', 't2'], size: 3 },
    ];
    const outcomes: Record<string, BootstrapOutcome> = {
      t0: outcome(true),
      t1: outcome(true),
    };
    // The first set is complete; the second knows t0 passed, so it needs two of t3, t5, t2.
    expect(nextBootstrapBatch(specs, outcomes)).toEqual(['t3', 't5']);
    Object.assign(outcomes, { t3: outcome(false), t5: outcome(false) });
    expect(nextBootstrapBatch(specs, outcomes)).toEqual(['t2']);
    outcomes['t2'] = outcome(false);
    // The walk ran out: the set keeps what it found.
    expect(nextBootstrapBatch(specs, outcomes)).toBeUndefined();
    expect(bootstrappedIds(specs[1] as (typeof specs)[1], outcomes)).toEqual(['t0']);
  });
});
