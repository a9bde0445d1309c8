import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { cellJobName } from '../enqueue-ready-cells.js';
import { suiteRecordKey, suiteResultsKey } from '../suite-queue-keys.js';

/** What a test plants in Redis as whoever can write to it would: no check of any kind. */
export interface PlantedJob {
  /** The queue's Redis URL. */
  readonly url: string;
  /** The BullMQ queue's name. */
  readonly queueName: string;
  /** The suite key the job names. */
  readonly suiteKey: string;
  /** The cell id the job names. */
  readonly cellId: string;
  /** The record saved under the suite key: any value, written as JSON. */
  readonly record: unknown;
}

/**
 * Writes a suite record and adds a cell job straight to Redis, bypassing every check of
 * `SuiteQueue.publish` — a hostile or broken writer, for tests of what workers accept. Returns
 * the job's id.
 */
export async function plantCellJob(job: PlantedJob): Promise<string> {
  const redis = new Redis(job.url, { maxRetriesPerRequest: null });
  const queue = new Queue(job.queueName, { connection: redis });
  try {
    await redis.set(suiteRecordKey(job.queueName, job.suiteKey), JSON.stringify(job.record));
    const added = await queue.add(cellJobName, { suiteKey: job.suiteKey, cellId: job.cellId });
    return String(added.id);
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

/**
 * Writes a cell's result straight into a suite's results hash, as any text (a hostile or broken
 * writer), bypassing every check — for tests of what workers and submitters accept.
 */
export async function plantCellResult(result: {
  /** The queue's Redis URL. */
  readonly url: string;
  /** The BullMQ queue's name. */
  readonly queueName: string;
  /** The suite key. */
  readonly suiteKey: string;
  /** The cell id the result is filed under. */
  readonly cellId: string;
  /** The result's text, written as it is. */
  readonly text: string;
}): Promise<void> {
  const redis = new Redis(result.url, { maxRetriesPerRequest: null });
  try {
    await redis.hset(
      suiteResultsKey(result.queueName, result.suiteKey),
      result.cellId,
      result.text,
    );
  } finally {
    redis.disconnect();
  }
}
