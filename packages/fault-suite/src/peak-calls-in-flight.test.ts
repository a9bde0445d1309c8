import { describe, expect, it } from 'vitest';
import { peakCallsInFlight } from './peak-calls-in-flight.js';

const at = (second: number, durationMs: number) => ({
  started_at: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
  duration_ms: durationMs,
});

describe('peakCallsInFlight', () => {
  it('counts the most overlapping spans, a call ending freeing its slot for one starting then', () => {
    expect(peakCallsInFlight([])).toBe(0);
    expect(peakCallsInFlight([at(0, 3000), at(1, 3000), at(2, 500), at(3, 1000)])).toBe(3);
    expect(peakCallsInFlight([at(0, 1000), at(1, 1000), at(2, 1000)])).toBe(1);
  });
});
