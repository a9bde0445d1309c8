import { describe, expect, it } from 'vitest';
import { APICallError } from './api-call-error.js';
import { InvalidArgumentError } from './invalid-argument-error.js';
import { httpStatusOf, isRetryableError } from './is-retryable-error.js';
import { RetryError } from './retry-error.js';

describe('isRetryableError', () => {
  it("follows an APICallError's own decision and never retries other Forge errors", () => {
    expect(
      isRetryableError(new APICallError({ message: 'x', kind: 'http', statusCode: 503 })),
    ).toBe(true);
    expect(
      isRetryableError(new APICallError({ message: 'x', kind: 'http', statusCode: 400 })),
    ).toBe(false);
    expect(isRetryableError(new APICallError({ message: 'x', kind: 'provider' }))).toBe(false);
    const marked = new InvalidArgumentError({ argument: 'a', message: 'bad' });
    Object.assign(marked, { isRetryable: true });
    expect(isRetryableError(marked)).toBe(false);
    expect(
      isRetryableError(
        new RetryError({ message: 'gave up', reason: 'max-retries-exceeded', errors: [1, 2] }),
      ),
    ).toBe(false);
  });

  it('honours a boolean isRetryable on any error, before status and shape', () => {
    expect(isRetryableError(Object.assign(new Error('busy'), { isRetryable: true }))).toBe(true);
    expect(
      isRetryableError(Object.assign(new Error('quota'), { isRetryable: false, statusCode: 429 })),
    ).toBe(false);
    const reset = Object.assign(new Error('reset'), { code: 'ECONNRESET', isRetryable: false });
    expect(isRetryableError(reset)).toBe(false);
  });

  it('applies the HTTP rule to statusCode or status', () => {
    for (const status of [408, 409, 429, 500, 502]) {
      expect(isRetryableError(Object.assign(new Error('h'), { statusCode: status }))).toBe(true);
    }
    for (const status of [400, 401, 404, 422]) {
      expect(isRetryableError(Object.assign(new Error('h'), { status }))).toBe(false);
    }
  });

  it('retries network-shaped errors and nothing else', () => {
    expect(isRetryableError(Object.assign(new Error('r'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isRetryableError(new TypeError('fetch failed'))).toBe(true);
    expect(isRetryableError(new Error('the model said no'))).toBe(false);
    expect(isRetryableError(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isRetryableError('ECONNRESET')).toBe(false);
    expect(isRetryableError(null)).toBe(false);
  });
});

describe('httpStatusOf', () => {
  it('reads statusCode, then status, and only plausible HTTP statuses', () => {
    expect(httpStatusOf({ statusCode: 503, status: 400 })).toBe(503);
    expect(httpStatusOf({ status: 429 })).toBe(429);
    expect(httpStatusOf({ status: 'error' })).toBeUndefined();
    expect(httpStatusOf({ statusCode: 42 })).toBeUndefined();
    expect(httpStatusOf(new Error('plain'))).toBeUndefined();
  });
});
