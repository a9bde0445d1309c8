import { describe, expect, it } from 'vitest';
import { PythonRandom } from './python-random.js';

// Expected values printed by CPython 3.11.7 on this machine.
describe('PythonRandom', () => {
  it('matches random.Random(seed).random()', () => {
    const random = new PythonRandom(0);
    expect(random.random()).toBe(0.8444218515250481);
    expect(random.random()).toBe(0.7579544029403025);
    expect(new PythonRandom(2 ** 40 + 5).random()).toBe(0.5043802970418443);
    expect(new PythonRandom(-3).random()).toBe(0.23796462709189137);
  });

  it('matches shuffle', () => {
    const items = Array.from({ length: 10 }, (_, index) => index);
    expect(new PythonRandom(0).shuffle(items)).toEqual([7, 8, 1, 5, 3, 4, 2, 0, 9, 6]);
  });

  it('matches sample on both of its algorithms', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => index);
    expect(new PythonRandom(1).sample(hundred, 5)).toEqual([17, 72, 97, 8, 32]);
    const thousand = Array.from({ length: 1000 }, (_, index) => index);
    expect(new PythonRandom(0).sample(thousand, 30).slice(0, 8)).toEqual([
      864, 394, 776, 911, 430, 41, 265, 988,
    ]);
  });

  it('matches randrange and choice', () => {
    const random = new PythonRandom(42);
    expect(Array.from({ length: 8 }, () => random.randrange(7))).toEqual([5, 0, 0, 5, 2, 1, 1, 1]);
    expect(random.choice(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('f');
  });

  it('rejects impossible samples', () => {
    expect(() => new PythonRandom(0).sample([1, 2], 3)).toThrow(RangeError);
  });
});
