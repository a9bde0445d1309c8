import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Redis, type RedisOptions } from 'ioredis';
import { SuiteQueueError } from './queue-error.js';
import type { QueueTlsFiles, QueueUrl } from './queue-url.js';

/**
 * Opens a connection to the queue's Redis and checks that it answers, so a wrong address is one
 * clear line at start-up rather than a silent wait. Commands wait through reconnections
 * (`maxRetriesPerRequest: null`, which BullMQ's workers require), so a Redis restart pauses
 * work instead of failing cells.
 *
 * @throws SuiteQueueError naming the URL without its password: `auth` (password or user
 * refused), `database` (no such database index), `tls` (a TLS file or the server's certificate),
 * `unreachable` (no answer).
 */
export async function connectRedis(
  queue: QueueUrl,
  options: { readonly name: string; readonly timeoutMs?: number },
): Promise<Redis> {
  const redisOptions: RedisOptions = {
    maxRetriesPerRequest: null,
    connectionName: options.name,
    lazyConnect: true,
    // Keep reconnecting, a little slower each time, up to every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
    ...(queue.tls === undefined ? {} : { tls: tlsOptions(queue.tls, queue.display) }),
  };
  const redis = new Redis(withPassword(queue), redisOptions);
  // Errors during the check below explain a failure (a refused password arrives only here);
  // later drops only reconnect.
  const seen: Error[] = [];
  redis.on('error', (error: Error) => {
    if (seen.length < 10) seen.push(error);
  });
  const timeoutMs = options.timeoutMs ?? 5000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    // A database index the server lacks is reported by its SELECT and otherwise leaves the
    // connection on database 0: ask again, and refuse.
    const database = databaseOf(queue.url);
    if (database !== undefined) await redis.select(database);
  } catch (error) {
    redis.disconnect();
    throw connectionError(queue, error, seen);
  } finally {
    clearTimeout(timer);
  }
  return redis;
}

function connectionError(queue: QueueUrl, error: unknown, seen: readonly Error[]): SuiteQueueError {
  const display = queue.display;
  const causes = [error, ...seen].filter((cause): cause is Error => cause instanceof Error);
  const text = (cause: Error) =>
    cause.message.replaceAll(queue.url, display).replaceAll(withPassword(queue), display);
  const auth = causes.find((cause) =>
    /WRONGPASS|NOAUTH|invalid password|AUTH failed/i.test(cause.message),
  );
  if (auth !== undefined) {
    const given = queue.password !== undefined || new URL(queue.url).password !== '';
    return new SuiteQueueError({
      reason: 'auth',
      queue: display,
      message: given
        ? `--queue: Redis at ${display}: authentication failed (${firstLine(text(auth))}); check the user and password (redis://user:password@host:port, or FORGE_REDIS_PASSWORD)`
        : `--queue: Redis at ${display}: authentication failed: it asks for a password and none was given (redis://user:password@host:port, or FORGE_REDIS_PASSWORD)`,
      cause: auth,
    });
  }
  const database = causes.find((cause) =>
    /DB index is out of range|invalid DB index/i.test(cause.message),
  );
  if (database !== undefined) {
    return new SuiteQueueError({
      reason: 'database',
      queue: display,
      message: `--queue: Redis at ${display} has no database ${databaseOf(queue.url)} (${firstLine(text(database))}); its databases are 0 up to its "databases" setting less one (16 by default)`,
      cause: database,
    });
  }
  const tls = causes.find((cause) => isTlsError(cause));
  if (tls !== undefined) {
    return new SuiteQueueError({
      reason: 'tls',
      queue: display,
      message: `--queue: Redis at ${display}: TLS failed (${firstLine(text(tls))}); give the CA that signed its certificate with --redis-tls-ca, and check the host name matches it`,
      cause: tls,
    });
  }
  const reason = error instanceof Error ? text(error) : String(error);
  const detail = seen.length > 0 ? `${reason}; ${firstLine(text(seen[0] as Error))}` : reason;
  return new SuiteQueueError({
    reason: 'unreachable',
    queue: display,
    message: `--queue: Redis at ${display} does not answer (${detail}); start it (redis-server) or check the address`,
    cause: error,
  });
}

function tlsOptions(files: QueueTlsFiles, display: string): ConnectionOptions {
  const read = (kind: keyof QueueTlsFiles) => {
    const file = files[kind];
    if (file === undefined) return {};
    try {
      return { [kind]: readFileSync(file) };
    } catch (error) {
      throw new SuiteQueueError({
        reason: 'tls',
        queue: display,
        message: `--queue: cannot read the TLS ${kind} file ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), given by --redis-tls-${kind}, FORGE_REDIS_TLS_${kind.toUpperCase()} or the queue URL's ?${kind}=`,
        cause: error,
      });
    }
  };
  return { ...read('ca'), ...read('cert'), ...read('key') };
}

function isTlsError(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return (
    /^(ERR_TLS|ERR_SSL|CERT_|SELF_SIGNED|DEPTH_ZERO|UNABLE_TO_|ERR_OSSL)/.test(code) ||
    /certificate|SSL routines|wrong version number/i.test(error.message)
  );
}

/** The URL with a password given apart (in ioredis a URL's empty password wins over options). */
function withPassword(queue: QueueUrl): string {
  if (queue.password === undefined) return queue.url;
  const url = new URL(queue.url);
  url.password = encodeURIComponent(queue.password);
  return url.toString();
}

function databaseOf(url: string): number | undefined {
  const path = new URL(url).pathname.replace(/^\//, '');
  return path === '' ? undefined : Number(path);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
