import { describe, expect, it } from 'vitest';
import { initialSamplerState, nextMinibatch, type SamplerState } from './epoch-shuffled-sampler.js';

function draw(iterations: number, trainingSize: number, batchSize = 3, seed = 0) {
  let state: SamplerState = initialSamplerState;
  const batches: number[][] = [];
  const orders: (readonly number[])[] = [];
  for (let iteration = 0; iteration < iterations; iteration++) {
    const next = nextMinibatch(state, { seed, iteration, batchSize, trainingSize });
    if (next.state !== state) orders.push(next.state.order);
    state = next.state;
    batches.push(next.positions);
  }
  return { batches, orders, state };
}

describe('the epoch-shuffled minibatch sampler', () => {
  it('takes contiguous chunks of one shuffled order, each id once per epoch', () => {
    const { batches, orders } = draw(4, 12);
    expect(orders).toHaveLength(1);
    expect(batches.flat()).toEqual(orders[0]);
    expect([...(orders[0] ?? [])].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  });

  it('reshuffles when the next chunk starts a new epoch', () => {
    const { batches, orders } = draw(8, 12);
    expect(orders).toHaveLength(2);
    expect(orders[1]).not.toEqual(orders[0]);
    expect(batches.slice(4).flat()).toEqual(orders[1]);
  });

  it('pads to a multiple of the batch size with the least frequent, latest ids', () => {
    const { orders } = draw(1, 10);
    const order = orders[0] ?? [];
    expect(order).toHaveLength(12);
    // Two pads: the last id of the shuffled ten, then the one before it.
    expect(order.slice(10)).toEqual([order[9], order[8]]);
  });

  it('fills a batch larger than the training set by repeating ids', () => {
    const { batches } = draw(1, 2, 3);
    expect(batches[0]).toHaveLength(3);
    expect(new Set(batches[0]).size).toBe(2);
  });

  it('depends on the seed and nothing else', () => {
    expect(draw(6, 10, 3, 5).batches).toEqual(draw(6, 10, 3, 5).batches);
    expect(draw(6, 10, 3, 5).batches).not.toEqual(draw(6, 10, 3, 6).batches);
  });

  it('resumes from its saved state exactly', () => {
    const whole = draw(9, 10).batches;
    const saved = JSON.parse(JSON.stringify(draw(4, 10).state)) as SamplerState;
    let state = saved;
    const rest: number[][] = [];
    for (let iteration = 4; iteration < 9; iteration++) {
      const next = nextMinibatch(state, { seed: 0, iteration, batchSize: 3, trainingSize: 10 });
      state = next.state;
      rest.push(next.positions);
    }
    expect(rest).toEqual(whole.slice(4));
  });
});
