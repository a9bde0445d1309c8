import type { QueueTlsFiles, QueueUrl } from '@forge/queue';
import { loadQueue } from './load-queue.js';

/** How the sdk's queued-suite functions reach Redis besides the URL. */
export interface QueueConnectionOptions {
  /** The queue's Redis: `redis://[user[:password]@]host:port[/db]` or `rediss://…` (TLS). */
  readonly queue: string;
  /**
   * PEM files for a `rediss://` queue: the CA that signed the server's certificate, a client
   * certificate and its key. Default `FORGE_REDIS_TLS_CA`, `FORGE_REDIS_TLS_CERT`,
   * `FORGE_REDIS_TLS_KEY`.
   */
  readonly queueTls?: QueueTlsFiles;
  /** Environment to read those and `FORGE_REDIS_PASSWORD` from. Default `process.env`. */
  readonly environment?: Record<string, string | undefined>;
}

/**
 * The checked queue location: the URL, TLS files (options, else environment) and the password
 * from `FORGE_REDIS_PASSWORD` when the URL carries none — so no password need appear on a
 * command line. @throws SuiteQueueError (`url`).
 */
export async function queueConnection(options: QueueConnectionOptions): Promise<QueueUrl> {
  const { parseQueueUrl } = await loadQueue();
  const environment = options.environment ?? process.env;
  const tls: QueueTlsFiles = {
    ...fromEnvironment('ca', environment['FORGE_REDIS_TLS_CA']),
    ...fromEnvironment('cert', environment['FORGE_REDIS_TLS_CERT']),
    ...fromEnvironment('key', environment['FORGE_REDIS_TLS_KEY']),
    ...options.queueTls,
  };
  const password = environment['FORGE_REDIS_PASSWORD'];
  return parseQueueUrl(options.queue, {
    tls,
    ...(password === undefined || password === '' ? {} : { password }),
  });
}

function fromEnvironment(kind: keyof QueueTlsFiles, value: string | undefined) {
  return value === undefined || value === '' ? {} : { [kind]: value };
}
