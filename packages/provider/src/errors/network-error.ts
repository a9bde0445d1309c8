/** What a network-shaped error stands for, in `APICallError` kinds. */
export type NetworkFailureKind = 'connection' | 'timeout';

// Node's socket errors and undici's (fetch's) codes that mean "the connection broke or never
// came up" — a later attempt may well get through.
const connectionCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'EAI_AGAIN',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ConnectionRefused',
  'ConnectionClosed',
  'FailedToOpenSocket',
]);
const timeoutCodes = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
// `fetch` reports every transport failure as a TypeError with one of these messages and the
// real reason (with its code) as the cause; "terminated" is undici's body cut off mid-stream.
const fetchFailureMessages = new Set(['fetch failed', 'failed to fetch', 'terminated']);
const maxDepth = 5;

/**
 * Recognises an error that a broken or slow network caused — a socket code such as `ECONNRESET`
 * or `ETIMEDOUT` anywhere in the cause chain, fetch's `TypeError: fetch failed`, or a
 * `TimeoutError` (as `AbortSignal.timeout` raises) — and says whether it was a connection
 * failure or a timeout. Returns `undefined` for anything else.
 */
export function networkFailureKind(error: unknown): NetworkFailureKind | undefined {
  let current: unknown = error;
  let sawFetchFailure = false;
  for (
    let depth = 0;
    depth <= maxDepth && typeof current === 'object' && current !== null;
    depth++
  ) {
    const { code, name, message } = current as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
    };
    if (typeof code === 'string') {
      if (connectionCodes.has(code)) return 'connection';
      if (timeoutCodes.has(code)) return 'timeout';
    }
    if (name === 'TimeoutError') return 'timeout';
    if (
      name === 'TypeError' &&
      typeof message === 'string' &&
      fetchFailureMessages.has(message.trim().toLowerCase())
    ) {
      sawFetchFailure = true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return sawFetchFailure ? 'connection' : undefined;
}
