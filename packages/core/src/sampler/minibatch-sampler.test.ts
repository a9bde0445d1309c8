import { describe, expect, it } from 'vitest';
import {
  createSamplerState,
  nextMinibatch,
  refreshSampler,
  type SamplerState,
} from './minibatch-sampler.js';

const ids = (count: number, prefix = 't') =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}`);

function draw(
  state: SamplerState,
  count: number,
  options: { ids: string[]; size: number; seed: number },
) {
  const batches: string[][] = [];
  let current = state;
  for (let index = 0; index < count; index++) {
    const next = nextMinibatch(current, options);
    batches.push(next.batch);
    current = next.state;
  }
  return { batches, state: current };
}

describe('nextMinibatch', () => {
  it('returns full minibatches that cover every id once per epoch when |D| divides evenly', () => {
    const options = { ids: ids(9), size: 3, seed: 1 };
    const { batches } = draw(createSamplerState(), 3, options);
    expect(batches.every((batch) => batch.length === 3)).toBe(true);
    expect(batches.flat().sort()).toEqual([...options.ids].sort());
  });

  it('pads the end of the order so every minibatch is full; only padding repeats ids', () => {
    const options = { ids: ids(10), size: 3, seed: 2 };
    const { batches, state } = draw(createSamplerState(), 4, options);
    expect(state.order).toHaveLength(12);
    expect(batches.every((batch) => batch.length === 3)).toBe(true);
    const firstTen = state.order.slice(0, 10);
    expect(new Set(firstTen).size).toBe(10);
    expect(options.ids).toEqual(expect.arrayContaining(state.order.slice(10)));
  });

  it('fills a minibatch larger than the training set with padding', () => {
    const { batches } = draw(createSamplerState(), 1, { ids: ['a', 'b'], size: 3, seed: 3 });
    expect(batches[0]).toHaveLength(3);
    expect(new Set(batches[0]).size).toBe(2);
  });

  it('reshuffles all ids into a new order when the epoch is exhausted', () => {
    const options = { ids: ids(6), size: 3, seed: 4 };
    const { batches, state } = draw(createSamplerState(), 4, options);
    expect(state.epochs).toBe(2);
    expect(batches.slice(0, 2).flat().sort()).toEqual([...options.ids].sort());
    expect(batches.slice(2, 4).flat().sort()).toEqual([...options.ids].sort());
    expect(batches.slice(2, 4).flat()).not.toEqual(batches.slice(0, 2).flat());
  });

  it('is a pure function of its arguments', () => {
    const options = { ids: ids(7), size: 3, seed: 5 };
    expect(draw(createSamplerState(), 5, options)).toEqual(draw(createSamplerState(), 5, options));
  });
});

describe('refreshSampler', () => {
  it('puts unconsumed and new ids (shuffled together) before the consumed ones', () => {
    const options = { ids: ids(9), size: 3, seed: 6 };
    const { state } = draw(createSamplerState(), 1, options);
    const consumed = state.order.slice(0, 3);
    const unconsumed = state.order.slice(3);
    const newIds = ['syn-0-0', 'syn-0-1'];
    const refreshed = refreshSampler(state, {
      ids: [...options.ids, ...newIds],
      newIds,
      size: 3,
      seed: 6,
      event: 0,
    });
    expect(refreshed.cursor).toBe(0);
    expect(refreshed.order).toHaveLength(12);
    const firstGroup = refreshed.order.slice(0, 8);
    expect([...firstGroup].sort()).toEqual([...unconsumed, ...newIds].sort());
    expect([...refreshed.order.slice(8, 11)].sort()).toEqual([...consumed].sort());
    // The next minibatches draw the new and unseen instances first.
    const next = nextMinibatch(refreshed, { ids: [...options.ids, ...newIds], size: 3, seed: 6 });
    expect(firstGroup).toEqual(expect.arrayContaining(next.batch));
  });

  it('treats a padding duplicate of a consumed id as consumed', () => {
    const state: SamplerState = { order: ['a', 'b', 'c', 'd', 'a', 'b'], cursor: 3, epochs: 1 };
    const refreshed = refreshSampler(state, {
      ids: ['a', 'b', 'c', 'd', 'n'],
      newIds: ['n'],
      size: 3,
      seed: 7,
      event: 1,
    });
    expect([...refreshed.order.slice(0, 2)].sort()).toEqual(['d', 'n']);
    expect([...refreshed.order.slice(2, 5)].sort()).toEqual(['a', 'b', 'c']);
    expect(refreshed.order).toHaveLength(6);
  });
});
