import { describe, expect, it } from 'vitest';
import { mode } from '../__fixtures__/modes.js';
import { planSynthesisEvent } from './plan-synthesis-event.js';

const modes = [mode('alpha', 3, 0), mode('beta', 2, 1), mode('gamma', 1, 2)];

describe('planSynthesisEvent', () => {
  it('numbers slots across modes and cycles intents globally over the seed list', () => {
    const slots = planSynthesisEvent({ event: 0, attempts: 7, modes, seed: 1 });
    // 7 over supports 3/2/1: floors 3, 2, 1 with remainders 3/6, 2/6, 1/6; alpha gets the spare.
    expect(slots.map((slot) => [slot.slot, slot.modeName, slot.intent])).toEqual([
      [0, 'alpha', 'positive'],
      [1, 'alpha', 'negative'],
      [2, 'alpha', 'boundary'],
      [3, 'alpha', 'stress'],
      [4, 'beta', 'positive'],
      [5, 'beta', 'negative'],
      [6, 'gamma', 'boundary'],
    ]);
  });

  it('restarts the cycle at positive in every event', () => {
    for (const event of [1, 2, 3]) {
      const slots = planSynthesisEvent({ event, attempts: 5, modes, seed: 1 });
      expect(slots.map((slot) => slot.intent)).toEqual([
        'positive',
        'negative',
        'boundary',
        'stress',
        'positive',
      ]);
    }
  });

  it('draws observations of the slot’s own mode, reproducibly, per slot', () => {
    const first = planSynthesisEvent({ event: 2, attempts: 12, modes, seed: 'run-a' });
    const again = planSynthesisEvent({ event: 2, attempts: 12, modes, seed: 'run-a' });
    expect(again).toEqual(first);
    for (const slot of first) {
      expect(slot.observation?.id.startsWith(`${slot.modeName}-`)).toBe(true);
      expect(slot.sourceInstance).toBe(slot.observation?.instance);
      expect(slot.modeDescription).toBe(`Description of ${slot.modeName}.`);
    }
    // A different event or seed gives different draws.
    const otherEvent = planSynthesisEvent({ event: 3, attempts: 12, modes, seed: 'run-a' });
    const otherSeed = planSynthesisEvent({ event: 2, attempts: 12, modes, seed: 'run-b' });
    const ids = (slots: typeof first) => slots.map((slot) => slot.observation?.id).join();
    expect(ids(otherEvent)).not.toBe(ids(first));
    expect(ids(otherSeed)).not.toBe(ids(first));
  });

  it('draws with replacement, uniformly', () => {
    const big = [mode('only', 4)];
    const counts = new Map<string, number>();
    for (let event = 0; event < 50; event++) {
      for (const slot of planSynthesisEvent({ event, attempts: 40, modes: big, seed: 7 })) {
        const id = slot.observation?.id ?? '';
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    // 2,000 draws over 4 observations: each near 500 (a 5-sigma band is ±97).
    expect([...counts.keys()].sort()).toEqual(['only-0', 'only-1', 'only-2', 'only-3']);
    for (const count of counts.values()) expect(Math.abs(count - 500)).toBeLessThan(97);
  });

  it('uses the generic intent for the failure-memory ablation', () => {
    const slots = planSynthesisEvent({ event: 0, attempts: 4, modes, intents: 'generic', seed: 1 });
    expect(slots.map((slot) => slot.intent)).toEqual(['generic', 'generic', 'generic', 'generic']);
  });

  it('draws random training instances for the random-synthesis ablation', () => {
    const trainingInstances = Array.from({ length: 5 }, (_, index) => ({
      id: `t${index}`,
      input: { question: `q${index}` },
      gold: { answer: index },
    }));
    const slots = planSynthesisEvent({
      event: 0,
      attempts: 6,
      modes,
      source: 'random',
      trainingInstances,
      seed: 1,
    });
    expect(slots).toHaveLength(6);
    for (const slot of slots) {
      expect(slot.intent).toBe('random');
      expect(slot.modeId).toBeUndefined();
      expect(slot.observation).toBeUndefined();
      expect(trainingInstances).toContain(slot.sourceInstance);
    }
    expect(() =>
      planSynthesisEvent({ event: 0, attempts: 1, modes: [], source: 'random', seed: 1 }),
    ).toThrow('at least one training instance');
  });

  it('has no slots without modes, and follows the allocation with uneven supports', () => {
    expect(planSynthesisEvent({ event: 0, attempts: 10, modes: [], seed: 1 })).toEqual([]);
    const slots = planSynthesisEvent({
      event: 0,
      attempts: 2,
      modes: [mode('a', 1, 0), mode('b', 3, 1), mode('c', 10, 2)],
      seed: 1,
    });
    expect(slots.map((slot) => slot.modeName)).toEqual(['b', 'c']);
  });
});
