import { describe, expect, it } from 'vitest';
import { createFaultPlan, faultKinds } from './fault-plan.js';

describe('createFaultPlan', () => {
  it('decides by seed, request and occurrence only, whatever the order of asking', () => {
    const plan = createFaultPlan({ seed: 7, rate: 0.3 });
    const keys = Array.from({ length: 200 }, (_, index) => `request-${index}`);
    const forward = keys.map((key) => plan.decide(key, 0));
    const backward = [...keys]
      .reverse()
      .map((key) => createFaultPlan({ seed: 7, rate: 0.3 }).decide(key, 0));
    expect(backward.reverse()).toEqual(forward);
    const other = keys.map((key) => createFaultPlan({ seed: 8, rate: 0.3 }).decide(key, 0));
    expect(other).not.toEqual(forward);
  });

  it('injects at the set rate and draws every kind', () => {
    const plan = createFaultPlan({ seed: 1, rate: 0.15 });
    const decisions = Array.from({ length: 20_000 }, (_, index) => plan.decide(`r${index}`, 0));
    const faults = decisions.filter((decision) => decision !== undefined);
    expect(faults.length / decisions.length).toBeGreaterThan(0.14);
    expect(faults.length / decisions.length).toBeLessThan(0.16);
    for (const kind of faultKinds) {
      const share = faults.filter((fault) => fault === kind).length / faults.length;
      expect(share, kind).toBeGreaterThan(0.07);
      expect(share, kind).toBeLessThan(0.13);
    }
  });

  it('gives a retried request (same key, next occurrence) a fresh draw', () => {
    const plan = createFaultPlan({ seed: 3, rate: 0.5 });
    const draws = Array.from({ length: 64 }, (_, occurrence) => plan.decide('same', occurrence));
    expect(new Set(draws.map((draw) => draw === undefined)).size).toBe(2);
  });

  it('injects only the weighted kinds, and nothing at rate 0', () => {
    const plan = createFaultPlan({ seed: 2, rate: 1, weights: { reset: 1, 'non-json': 3 } });
    const kinds = new Set(Array.from({ length: 400 }, (_, index) => plan.decide(`r${index}`, 0)));
    expect([...kinds].sort()).toEqual(['non-json', 'reset']);
    const none = createFaultPlan({ seed: 2, rate: 0 });
    expect(Array.from({ length: 100 }, (_, index) => none.decide(`r${index}`, 0))).toEqual(
      Array(100).fill(undefined),
    );
    expect(() => createFaultPlan({ seed: 0, rate: 1.5 })).toThrow(RangeError);
  });
});
