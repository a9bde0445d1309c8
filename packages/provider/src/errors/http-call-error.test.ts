import { describe, expect, it } from 'vitest';
import { APICallError } from './api-call-error.js';
import { httpCallError, scrubError } from './http-call-error.js';
import { headerLookup } from './parse-retry-after.js';

describe('httpCallError', () => {
  it('carries status, retryability, retry-after, provider and model', () => {
    const error = httpCallError({
      provider: 'openai',
      modelId: 'gpt-5.5',
      statusCode: 429,
      detail: 'Rate limit reached',
      header: headerLookup({ 'retry-after-ms': '20' }),
      responseBody: '{"error":{}}',
    });
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'http',
      statusCode: 429,
      isRetryable: true,
      retryAfterMs: 20,
      provider: 'openai',
      modelId: 'gpt-5.5',
      responseBody: '{"error":{}}',
    });
    expect(error.message).toBe('openai:gpt-5.5: HTTP 429: Rate limit reached');
  });

  it('lets x-should-retry override the status rule', () => {
    const common = { provider: 'p', modelId: 'm', detail: 'd' };
    expect(
      httpCallError({
        ...common,
        statusCode: 429,
        header: headerLookup({ 'x-should-retry': 'false' }),
      }).isRetryable,
    ).toBe(false);
    expect(
      httpCallError({
        ...common,
        statusCode: 400,
        header: headerLookup({ 'x-should-retry': 'true' }),
      }).isRetryable,
    ).toBe(true);
    expect(
      httpCallError({
        ...common,
        statusCode: 404,
        kind: 'model-not-found',
        header: headerLookup({}),
      }).isRetryable,
    ).toBe(false);
  });

  it('redacts keys from the message and body and truncates long bodies', () => {
    // A fake key in the shape of an OpenAI key, assembled here so no key-shaped literal is committed.
    const fakeKey = ['sk', 'abcdefghijklmnopqrstuvwxyz'].join('-');
    const error = httpCallError({
      provider: 'p',
      modelId: 'm',
      statusCode: 401,
      detail: `Incorrect API key provided: ${fakeKey}`,
      header: headerLookup({}),
      responseBody: `${fakeKey} ${'x'.repeat(5000)}`,
    });
    expect(error.message).not.toContain('sk-abc');
    expect(error.responseBody).not.toContain('sk-abc');
    expect(error.responseBody?.length).toBeLessThan(2100);
    expect(error.responseBody).toContain('(truncated)');
  });
});

describe('scrubError', () => {
  it('copies name and redacted message through the cause chain', () => {
    const inner = new Error('Bearer abcdefghijklmnop rejected');
    const outer = new TypeError('fetch failed', { cause: inner });
    const scrubbed = scrubError(outer);
    expect(scrubbed.name).toBe('TypeError');
    expect((scrubbed.cause as Error).message).toBe('Bearer [REDACTED] rejected');
    expect(JSON.stringify(scrubbed.stack)).not.toContain('abcdefghijklmnop');
  });
});
