import { describe, expect, it } from 'vitest';
import { networkFailureKind } from './network-error.js';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('networkFailureKind', () => {
  it('reads socket codes, also deep in the cause chain', () => {
    expect(networkFailureKind(withCode('read ECONNRESET', 'ECONNRESET'))).toBe('connection');
    expect(networkFailureKind(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe('connection');
    expect(networkFailureKind(withCode('connect ETIMEDOUT', 'ETIMEDOUT'))).toBe('timeout');
    const wrapped = new Error('gateway call failed', {
      cause: new Error('socket', { cause: withCode('other side closed', 'UND_ERR_SOCKET') }),
    });
    expect(networkFailureKind(wrapped)).toBe('connection');
    const headersTimeout = new TypeError('fetch failed', {
      cause: withCode('Headers Timeout Error', 'UND_ERR_HEADERS_TIMEOUT'),
    });
    expect(networkFailureKind(headersTimeout)).toBe('timeout');
  });

  it("treats fetch's TypeError and a TimeoutError as network failures", () => {
    expect(networkFailureKind(new TypeError('fetch failed'))).toBe('connection');
    expect(networkFailureKind(new DOMException('signal timed out', 'TimeoutError'))).toBe(
      'timeout',
    );
  });

  it('says nothing about ordinary errors, aborts and non-errors', () => {
    expect(networkFailureKind(new Error('model refused the prompt'))).toBeUndefined();
    expect(networkFailureKind(new TypeError('x is not a function'))).toBeUndefined();
    expect(networkFailureKind(new DOMException('aborted', 'AbortError'))).toBeUndefined();
    expect(networkFailureKind(withCode('no such file', 'ENOENT'))).toBeUndefined();
    expect(networkFailureKind('ECONNRESET')).toBeUndefined();
    expect(networkFailureKind(undefined)).toBeUndefined();
  });

  it('stops on a cause cycle', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    Object.defineProperty(first, 'cause', { value: second });
    expect(networkFailureKind(first)).toBeUndefined();
  });
});
