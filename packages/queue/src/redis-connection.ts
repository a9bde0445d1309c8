import { Redis } from 'ioredis';
import { SuiteQueueError } from './queue-error.js';
import type { QueueUrl } from './queue-url.js';

/**
 * Opens a connection to the queue's Redis and checks that it answers, so a wrong address is one
 * clear line at start-up rather than a silent wait. Commands wait through reconnections
 * (`maxRetriesPerRequest: null`, which BullMQ's workers require), so a Redis restart pauses
 * work instead of failing cells.
 *
 * @throws SuiteQueueError (`unreachable`) naming the URL without its password.
 */
export async function connectRedis(
  queue: QueueUrl,
  options: { readonly name: string; readonly timeoutMs?: number },
): Promise<Redis> {
  const redis = new Redis(queue.url, {
    maxRetriesPerRequest: null,
    connectionName: options.name,
    lazyConnect: true,
    // Keep reconnecting, a little slower each time, up to every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // An unreachable Redis is reported once, by the check below; later drops only reconnect.
  redis.on('error', () => {});
  const timeoutMs = options.timeoutMs ?? 5000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new SuiteQueueError({
      reason: 'unreachable',
      queue: queue.display,
      message: `--queue: Redis at ${queue.display} does not answer (${reason.replace(queue.url, queue.display)}); start it (redis-server) or check the address`,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
  return redis;
}
