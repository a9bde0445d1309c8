import { SuiteQueueError } from './queue-error.js';

/** A checked queue location. */
export interface QueueUrl {
  /** The URL as given (it may carry a password: never print it). */
  readonly url: string;
  /** The URL with user and password removed, for messages and status lines. */
  readonly display: string;
}

/**
 * Checks a `--queue` value: `redis://[user:password@]host[:port][/db]` or `rediss://…` (TLS).
 *
 * @throws SuiteQueueError (`url`) naming the flag and the value without its password.
 */
export function parseQueueUrl(text: string, field = '--queue'): QueueUrl {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch (error) {
    throw new SuiteQueueError({
      reason: 'url',
      queue: '<unparsable>',
      message: `${field}: not a URL; give redis://host:port (for example redis://127.0.0.1:6379)`,
      cause: error,
    });
  }
  const display = displayOf(parsed);
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new SuiteQueueError({
      reason: 'url',
      queue: display,
      message: `${field}: ${display} is not a Redis URL; give redis://host:port or rediss://host:port`,
    });
  }
  if (parsed.hostname === '') {
    throw new SuiteQueueError({
      reason: 'url',
      queue: display,
      message: `${field}: ${display} names no host; give redis://host:port`,
    });
  }
  const database = parsed.pathname.replace(/^\//, '');
  if (database !== '' && !/^\d+$/.test(database)) {
    throw new SuiteQueueError({
      reason: 'url',
      queue: display,
      message: `${field}: the database in ${display} must be a number (redis://host:port/0)`,
    });
  }
  return { url: text, display };
}

function displayOf(url: URL): string {
  const port = url.port === '' ? '' : `:${url.port}`;
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.protocol}//${url.hostname}${port}${path}`;
}
