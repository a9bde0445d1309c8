import { resolve } from 'node:path';
import { loadSavedSuite } from '../suite-directory.js';
import { loadQueue } from './load-queue.js';
import { queueConnection } from './queue-connection.js';
import type { QueueConnectionOptions } from './queue-connection-options.js';
import type { SuiteQueueStatus } from './suite-queue-status.js';

/**
 * Where a queued suite stands: its cells queued, running (with their workers), done, failed,
 * waiting for a dependency or blocked by a failed one, and the workers connected to the queue.
 */
export async function queuedSuiteStatus(
  options: QueueConnectionOptions & {
    /** The suite directory (where `forge suite --queue` was started). */
    readonly dir: string;
    /** The BullMQ queue's name. Default `forge-suite`. */
    readonly queueName?: string;
  },
): Promise<SuiteQueueStatus> {
  const { SuiteQueue, suiteKeyOf } = await loadQueue();
  const queueUrl = await queueConnection(options);
  const dir = resolve(options.dir);
  const saved = loadSavedSuite(dir);
  const queue = await SuiteQueue.open({
    queue: queueUrl,
    ...(options.queueName === undefined ? {} : { queueName: options.queueName }),
  });
  try {
    return await queue.status(await queue.record(suiteKeyOf(saved.digest, dir)));
  } finally {
    await queue.close();
  }
}
