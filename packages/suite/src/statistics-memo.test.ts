import { describe, expect, it } from 'vitest';
import { StatisticsMemo } from './statistics-memo.js';

describe('StatisticsMemo', () => {
  it('computes a key once across renders and forgets what a render did not use', () => {
    const memo = new StatisticsMemo();
    let computed = 0;
    const value = (key: string) =>
      memo.remember(key, () => {
        computed += 1;
        return `${key}!`;
      });
    expect(value('a')).toBe('a!');
    expect(value('b')).toBe('b!');
    expect(value('a')).toBe('a!');
    expect(computed).toBe(2);
    memo.startRender();
    // The next render uses a only: b is kept for one more render, then dropped.
    expect(value('a')).toBe('a!');
    expect(computed).toBe(2);
    memo.startRender();
    expect(memo.size).toBe(1);
    expect(value('b')).toBe('b!');
    expect(computed).toBe(3);
  });
});
