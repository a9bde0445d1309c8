import { describe, expect, it } from 'vitest';
import { APICallError } from './api-call-error.js';
import { LoadSettingError } from './load-setting-error.js';
import { providerFailure } from './provider-failure.js';

const context = { provider: 'mine', modelId: 'small', source: 'module ./my-provider.mjs' };

function failure(error: unknown, extra: Partial<Parameters<typeof providerFailure>[1]> = {}) {
  const mapped = providerFailure(error, { ...context, ...extra });
  if (!APICallError.isInstance(mapped)) throw new Error('expected an APICallError');
  return mapped;
}

describe('providerFailure', () => {
  it("reports a plain Error as the provider's failure, naming provider, model and module", () => {
    const mapped = failure(new Error('gateway said no'));
    expect(mapped).toMatchObject({
      kind: 'provider',
      isRetryable: false,
      provider: 'mine',
      modelId: 'small',
      statusCode: undefined,
    });
    expect(mapped.message).toBe('mine:small: module ./my-provider.mjs failed: gateway said no');
    expect((mapped.cause as Error).message).toBe('gateway said no');
  });

  it('makes network-shaped errors retryable connection or timeout failures', () => {
    const reset = failure(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    expect(reset).toMatchObject({ kind: 'connection', isRetryable: true });
    const timedOut = failure(Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }));
    expect(timedOut).toMatchObject({ kind: 'timeout', isRetryable: true });
    expect(failure(new TypeError('fetch failed'))).toMatchObject({ kind: 'connection' });
  });

  it('keeps what the error says about itself: isRetryable, statusCode, retryAfterMs', () => {
    const marked = failure(Object.assign(new Error('overloaded'), { isRetryable: true }));
    expect(marked).toMatchObject({ kind: 'provider', isRetryable: true });
    const limited = failure(
      Object.assign(new Error('slow down'), { statusCode: 429, retryAfterMs: 1500 }),
    );
    expect(limited).toMatchObject({
      kind: 'http',
      statusCode: 429,
      isRetryable: true,
      retryAfterMs: 1500,
    });
    expect(failure(Object.assign(new Error('no'), { status: 403 }))).toMatchObject({
      kind: 'http',
      statusCode: 403,
      isRetryable: false,
    });
  });

  it('passes Forge errors and the caller’s abort through unchanged', () => {
    const setting = new LoadSettingError({ environmentVariable: 'MINE_KEY', message: 'set it' });
    expect(providerFailure(setting, context)).toBe(setting);
    const controller = new AbortController();
    const reason = new Error('user pressed Ctrl-C');
    controller.abort(reason);
    expect(providerFailure(new Error('whatever'), { ...context, signal: controller.signal })).toBe(
      reason,
    );
  });

  it('marks an abort the caller did not ask for as aborted and not retryable', () => {
    expect(failure(new DOMException('stopped', 'AbortError'))).toMatchObject({
      kind: 'aborted',
      isRetryable: false,
    });
  });

  it('names the failing step of creation, describes non-errors and redacts credentials', () => {
    const fakeKey = ['sk', 'abcdefghijklmnopqrstuvwxyz'].join('-');
    const created = providerFailure(new RangeError(`bad key ${fakeKey}`), {
      provider: 'mine',
      modelId: 'small',
      operation: 'create',
    }) as APICallError;
    expect(created.message).toBe(
      'mine:small: provider "mine" failed while creating the model: RangeError: bad key [REDACTED]',
    );
    expect(JSON.stringify((created.cause as Error).message)).not.toContain(fakeKey);
    expect(failure('just a string').message).toContain('failed: just a string');
    expect(failure({ reason: 'odd' }).message).toContain('failed: {"reason":"odd"}');
    const deep = JSON.parse(`{"reason":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    expect(failure(deep).message).toContain('failed: [object Object]');
  });
});
