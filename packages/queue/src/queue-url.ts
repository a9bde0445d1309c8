import { SuiteQueueError } from './queue-error.js';

/** PEM files for a `rediss://` queue. */
export interface QueueTlsFiles {
  /** The CA certificate(s) that signed the server's certificate (a private CA); default the system's CAs. */
  readonly ca?: string;
  /** A client certificate, for a Redis that asks for one (`tls-auth-clients yes`). */
  readonly cert?: string;
  /** The client certificate's private key. */
  readonly key?: string;
}

/** How to reach the queue beyond its URL. */
export interface QueueUrlOptions {
  /** The flag named in messages. Default `--queue`. */
  readonly field?: string;
  /** TLS files (a `rediss://` URL only). */
  readonly tls?: QueueTlsFiles;
  /** The password, when the URL carries none (kept out of command lines: `FORGE_REDIS_PASSWORD`). */
  readonly password?: string;
}

/** A checked queue location. */
export interface QueueUrl {
  /** The URL as given (it may carry a password: never print it). */
  readonly url: string;
  /** The URL with user and password removed, for messages and status lines. */
  readonly display: string;
  /** TLS files, for a `rediss://` URL. */
  readonly tls?: QueueTlsFiles;
  /** A password given apart from the URL (never print it). */
  readonly password?: string;
}

/**
 * Checks a `--queue` value: `redis://[user:password@]host[:port][/db]` or `rediss://…` (TLS),
 * with TLS files only for `rediss://`.
 *
 * @throws SuiteQueueError (`url`) naming the flag and the value without its password.
 */
export function parseQueueUrl(text: string, options: QueueUrlOptions | string = {}): QueueUrl {
  const {
    field = '--queue',
    tls,
    password,
  } = typeof options === 'string' ? { field: options } : options;
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
  const files = Object.entries(tls ?? {}).filter(([, file]) => file !== undefined && file !== '');
  if (files.length > 0 && parsed.protocol !== 'rediss:') {
    throw new SuiteQueueError({
      reason: 'url',
      queue: display,
      message: `--redis-tls-${files[0]?.[0]}: TLS files need a rediss:// queue, not ${display}`,
    });
  }
  return {
    url: text,
    display,
    ...(files.length > 0 ? { tls: Object.fromEntries(files) as QueueTlsFiles } : {}),
    ...(password !== undefined && password !== '' && parsed.password === '' ? { password } : {}),
  };
}

function displayOf(url: URL): string {
  const port = url.port === '' ? '' : `:${url.port}`;
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.protocol}//${url.hostname}${port}${path}`;
}
