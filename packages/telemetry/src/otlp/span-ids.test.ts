import { describe, expect, it } from 'vitest';
import { randomId } from './span-ids.js';

describe('randomId', () => {
  it('gives lower-case hex of the asked length, all different, across pool refills', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 3000; index++) {
      const span = randomId(8);
      const trace = randomId(16);
      expect(span).toMatch(/^[0-9a-f]{16}$/);
      expect(trace).toMatch(/^[0-9a-f]{32}$/);
      seen.add(span);
      seen.add(trace);
    }
    // 6,000 ids over several 4 KiB refills: a pool handed out twice would repeat ids.
    expect(seen.size).toBe(6000);
  });
});
