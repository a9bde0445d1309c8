import { describe, expect, it } from 'vitest';
import { headerLookup, parseRetryAfterMs } from './parse-retry-after.js';

describe('parseRetryAfterMs', () => {
  it('prefers retry-after-ms, then retry-after in seconds or as an HTTP date', () => {
    expect(parseRetryAfterMs(headerLookup({ 'Retry-After-Ms': '250.5', 'retry-after': '9' }))).toBe(
      250.5,
    );
    expect(parseRetryAfterMs(headerLookup({ 'retry-after': '2' }))).toBe(2000);
    const now = Date.parse('2026-12-02T10:00:00Z');
    expect(
      parseRetryAfterMs(headerLookup({ 'retry-after': 'Wed, 02 Dec 2026 10:00:03 GMT' }), now),
    ).toBe(3000);
    expect(parseRetryAfterMs(headerLookup(new Headers({ 'retry-after-ms': '0' })))).toBe(0);
  });

  it('returns undefined for absent or unreadable headers and never a negative wait', () => {
    expect(parseRetryAfterMs(headerLookup(undefined))).toBeUndefined();
    expect(parseRetryAfterMs(headerLookup({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfterMs(headerLookup({ 'retry-after-ms': 'x', 'retry-after': '1' }))).toBe(
      1000,
    );
    expect(
      parseRetryAfterMs(
        headerLookup({ 'retry-after': 'Wed, 02 Dec 2026 09:00:00 GMT' }),
        Date.parse('2026-12-02T10:00:00Z'),
      ),
    ).toBe(0);
  });
});
