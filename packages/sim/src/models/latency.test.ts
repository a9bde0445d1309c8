import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { drawLatency, sleep } from './latency.js';

describe('drawLatency', () => {
  it('returns fixed latencies as given', () => {
    expect(drawLatency(12, createRandom(1))).toBe(12);
    expect(drawLatency({ kind: 'fixed', ms: 7 }, createRandom(1))).toBe(7);
  });

  it('draws uniform latencies inside the bounds, the same for the same stream', () => {
    const spec = { kind: 'uniform', minMs: 5, maxMs: 9 } as const;
    const draws = Array.from({ length: 200 }, (_, index) =>
      drawLatency(spec, createRandom('u', index)),
    );
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...draws)).toBeLessThanOrEqual(9);
    expect(drawLatency(spec, createRandom('u', 3))).toBe(draws[3]);
  });

  it('draws log-normal latencies around the median with a heavy right tail', () => {
    const spec = { kind: 'lognormal', medianMs: 100, sigma: 0.5 } as const;
    const draws = Array.from({ length: 2000 }, (_, index) =>
      drawLatency(spec, createRandom('l', index)),
    ).sort((left, right) => left - right);
    const median = draws[1000] ?? 0;
    expect(median).toBeGreaterThan(85);
    expect(median).toBeLessThan(115);
    expect((draws[1990] ?? 0) - median).toBeGreaterThan(median - (draws[10] ?? 0));
  });
});

describe('sleep', () => {
  it('rejects with the abort reason', async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    await expect(sleep(5, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});
