import { describe, expect, it } from 'vitest';
import { createLimiter } from './create-limiter.js';

describe('createLimiter', () => {
  it('never runs more than the limit at once and runs everything', async () => {
    const limit = createLimiter(3);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        limit(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, index % 3));
          active--;
          return index;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('releases the slot of a failed task', async () => {
    const limit = createLimiter(1);
    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });

  it('rejects a non-positive limit', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
