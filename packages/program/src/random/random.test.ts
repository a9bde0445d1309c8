import { describe, expect, it } from 'vitest';
import { createRandom } from './random.js';

describe('createRandom', () => {
  it('gives the same stream for the same seed and path, and different streams otherwise', () => {
    const draw = (random: ReturnType<typeof createRandom>) =>
      Array.from({ length: 5 }, () => random.next());
    expect(draw(createRandom(7, 'select', 3))).toEqual(draw(createRandom(7, 'select', 3)));
    expect(draw(createRandom(7, 'select', 3))).not.toEqual(draw(createRandom(7, 'select', 4)));
    expect(draw(createRandom(7, 'select', 3))).not.toEqual(draw(createRandom(8, 'select', 3)));
    expect(draw(createRandom(7, 'ab', 'c'))).not.toEqual(draw(createRandom(7, 'a', 'bc')));
  });

  it('draws integers uniformly within bounds', () => {
    const random = createRandom(1, 'uniform');
    const counts = [0, 0, 0];
    for (let index = 0; index < 30_000; index++) counts[random.int(3)]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
    expect(() => random.int(0)).toThrow(RangeError);
  });

  it('shuffles into a permutation without changing the input', () => {
    const items = Array.from({ length: 50 }, (_, index) => index);
    const shuffled = createRandom(3, 'shuffle').shuffle(items);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(items[0]).toBe(0);
  });
});
