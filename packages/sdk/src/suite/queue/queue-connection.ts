import type { QueueUrl } from '@forge/queue';
import { loadQueue } from './load-queue.js';
import type { QueueConnectionOptions, QueueTlsFiles } from './queue-connection-options.js';

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
