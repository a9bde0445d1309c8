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
  /**
   * The URL as given without its query, which Forge reads itself (it may carry a password:
   * never print it).
   */
  readonly url: string;
  /** The URL with user and password removed, for messages and status lines. */
  readonly display: string;
  /** TLS files, for a `rediss://` URL. */
  readonly tls?: QueueTlsFiles;
  /** A password given apart from the URL (never print it). */
  readonly password?: string;
}

/** The URL query parameters a `rediss://` queue takes: TLS files, as `--redis-tls-*` give them. */
const tlsQueryKeys = ['ca', 'cert', 'key'] as const;

/**
 * Checks a `--queue` value: `redis://[user:password@]host[:port][/db]` or `rediss://…` (TLS),
 * with TLS files only for `rediss://` — from `options.tls` or the URL's query
 * (`rediss://host:6380?ca=/etc/forge/ca.pem&cert=…&key=…`), so one URL can say everything. A
 * file named both ways must be the same file; any other query parameter is refused, never
 * passed on or ignored.
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
  const fromQuery: Record<string, string> = {};
  for (const [key, value] of parsed.searchParams) {
    if (!(tlsQueryKeys as readonly string[]).includes(key) || value === '') {
      throw new SuiteQueueError({
        reason: 'url',
        queue: display,
        message: `${field}: the URL's query parameter "${key}" is not one Forge knows; a rediss:// URL takes ca, cert and key (TLS files), nothing else`,
      });
    }
    const given = (tls as Record<string, string | undefined> | undefined)?.[key];
    if (given !== undefined && given !== '' && given !== value) {
      throw new SuiteQueueError({
        reason: 'url',
        queue: display,
        message: `${field}: the TLS ${key} file is given twice, as ${value} in the URL and as ${given} by --redis-tls-${key} (or FORGE_REDIS_TLS_${key.toUpperCase()}); give it once`,
      });
    }
    fromQuery[key] = value;
  }
  const files = Object.entries({ ...tls, ...fromQuery }).filter(
    ([, file]) => file !== undefined && file !== '',
  );
  if (files.length > 0 && parsed.protocol !== 'rediss:') {
    throw new SuiteQueueError({
      reason: 'url',
      queue: display,
      message: `--redis-tls-${files[0]?.[0]}: TLS files need a rediss:// queue, not ${display}`,
    });
  }
  parsed.search = '';
  return {
    url: parsed.href,
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
