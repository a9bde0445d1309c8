import { describe, expect, it } from 'vitest';
import { parseAceSettings } from '../ace-settings.js';
import { canStartSample, worstCaseSampleEvaluations } from './ace-budget.js';
import { epochOrder } from './epoch-order.js';

describe('the evaluation budget of a sample', () => {
  it('counts the first answer, a regeneration per round and the post-curation answer', () => {
    expect(worstCaseSampleEvaluations(parseAceSettings({}))).toBe(5);
    expect(worstCaseSampleEvaluations(parseAceSettings({ maxReflectionRounds: 1 }))).toBe(3);
    expect(
      worstCaseSampleEvaluations(
        parseAceSettings({ maxReflectionRounds: 2, evaluateAfterCuration: false }),
      ),
    ).toBe(3);
  });

  it('starts a sample only when its worst case and one validation pass still fit', () => {
    const settings = parseAceSettings({});
    const fits = (evaluationsUsed: number) =>
      canStartSample({ evaluationsUsed, maxEvaluations: 100, validationSize: 20, settings });
    expect(fits(75)).toBe(true);
    expect(fits(76)).toBe(false);
  });
});

describe('epochOrder', () => {
  const train = Array.from({ length: 8 }, (_, index) => ({ id: `t${index}`, input: {}, gold: {} }));
  const ids = (order: readonly { id: string }[]) => order.map((instance) => instance.id);

  it('keeps the given order without shuffling', () => {
    expect(ids(epochOrder(train, { seed: 1, epoch: 3, shuffle: false }))).toEqual(ids(train));
  });

  it('shuffles each epoch differently, the same way for the same seed and epoch', () => {
    const first = ids(epochOrder(train, { seed: 1, epoch: 0, shuffle: true }));
    expect(ids(epochOrder(train, { seed: 1, epoch: 0, shuffle: true }))).toEqual(first);
    expect(ids(epochOrder(train, { seed: 1, epoch: 1, shuffle: true }))).not.toEqual(first);
    expect([...first].sort()).toEqual(ids(train));
  });
});
