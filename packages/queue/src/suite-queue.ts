import {
  defaultCellRunDir,
  isFinishedCell,
  pendingResult,
  type SuiteCellResult,
} from '@forge/suite';
import { type Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { enqueueReadyCells } from './enqueue-ready-cells.js';
import { SuiteQueueError } from './queue-error.js';
import { heldCells, type QueueProgress, queueProgress } from './queue-progress.js';
import type { QueueUrl } from './queue-url.js';
import { connectRedis } from './redis-connection.js';
import {
  cellJobId,
  defaultQueueName,
  suiteRecordKey,
  suiteResultsKey,
} from './suite-queue-keys.js';
import {
  type CellJobData,
  parseResultsHash,
  parseSuiteRecord,
  type SuiteRecord,
} from './suite-record.js';

/** Where one cell of a queued suite stands. */
export interface QueuedCellState {
  /** The cell's id. */
  readonly id: string;
  /**
   * `waiting` for a dependency, `queued`, `running`, `done`, `stopped` by a cap, `failed`,
   * `blocked` by a failed dependency, or `refused` because a dependency stopped at a cap.
   */
  readonly state:
    | 'waiting'
    | 'queued'
    | 'running'
    | 'done'
    | 'stopped'
    | 'failed'
    | 'blocked'
    | 'refused';
  /** The worker running it, when running. */
  readonly worker?: string;
  /** Times a worker has started it (more than one: it was resumed after a stop or a dead worker). */
  readonly starts?: number;
  /** Times it was found stalled (its worker died or froze) and re-queued. */
  readonly stalls?: number;
  /** Why it failed. */
  readonly error?: string;
}

/** A worker connected to the queue. */
export interface QueueWorkerInfo {
  /** Its name (`--name`; default host and pid). */
  readonly name: string;
  /** Its address as Redis sees it. */
  readonly address: string;
}

/** Where a queued suite stands (`forge suite status --queue`). */
export interface SuiteQueueStatus {
  /** The suite. */
  readonly suite: Pick<SuiteRecord, 'key' | 'name' | 'dir' | 'digest'>;
  /** Counts from the results. */
  readonly progress: QueueProgress;
  /** Cells by state. */
  readonly counts: Readonly<Record<QueuedCellState['state'], number>>;
  /** Every cell, plan order. */
  readonly cells: readonly QueuedCellState[];
  /** Workers connected to the queue now (any suite's). */
  readonly workers: readonly QueueWorkerInfo[];
}

/** What `publish` did. */
export interface PublishOutcome {
  /** Cells added to the queue now (their dependencies are done). */
  readonly enqueued: readonly string[];
  /** Failed cells cleared to run again (a resumed suite retries its failed cells). */
  readonly retried: readonly string[];
}

/**
 * The coordinator's side of a suite on a BullMQ queue: publishes the suite (its record, the
 * results it already has, the cells that can start), reads the results workers record, and
 * reports where every cell stands. Workers enqueue the rest as cells finish.
 */
export class SuiteQueue {
  /** The queue's name. */
  readonly queueName: string;
  /** The queue's URL, password removed. */
  readonly display: string;
  private readonly redis: Redis;
  private readonly queue: Queue;

  private constructor(redis: Redis, queue: Queue, queueName: string, display: string) {
    this.redis = redis;
    this.queue = queue;
    this.queueName = queueName;
    this.display = display;
  }

  /** Connects. @throws SuiteQueueError when Redis does not answer. */
  static async open(options: {
    readonly queue: QueueUrl;
    readonly queueName?: string;
  }): Promise<SuiteQueue> {
    const queueName = options.queueName ?? defaultQueueName;
    const redis = await connectRedis(options.queue, { name: 'forge-suite' });
    const queue = new Queue(queueName, { connection: redis });
    queue.on('error', () => {});
    return new SuiteQueue(redis, queue, queueName, options.queue.display);
  }

  /**
   * Publishes a suite: saves its record, adds the done results it already has (a suite that ran
   * part-way on one machine continues on the queue), clears its failed cells so they run again,
   * and enqueues every cell that can start.
   */
  async publish(
    record: SuiteRecord,
    known: ReadonlyMap<string, SuiteCellResult>,
  ): Promise<PublishOutcome> {
    await this.redis.set(suiteRecordKey(this.queueName, record.key), JSON.stringify(record));
    const resultsKey = suiteResultsKey(this.queueName, record.key);
    for (const result of known.values()) {
      if (isFinishedCell(result))
        await this.redis.hsetnx(resultsKey, result.id, JSON.stringify(result));
    }
    const results = await this.results(record);
    const retried: string[] = [];
    for (const cell of record.cells) {
      const result = results.get(cell.id);
      const job = await this.queue.getJob(cellJobId(record.key, cell.id));
      const jobState = job === undefined ? undefined : await job.getState();
      if (result?.status === 'failed') {
        await this.redis.hdel(resultsKey, cell.id);
        results.delete(cell.id);
        retried.push(cell.id);
      }
      // A finished job without a finished result (cleared above, or given up by BullMQ) would
      // keep its id taken: remove it so the cell can be queued again.
      if (
        job !== undefined &&
        (jobState === 'failed' || jobState === 'completed') &&
        !isFinishedCell(results.get(cell.id))
      ) {
        await job.remove();
      }
    }
    const enqueued = await enqueueReadyCells(this.queue, record, results);
    return { enqueued, retried };
  }

  /** The suite's record. @throws SuiteQueueError (`unknown-suite`) when it was never published here. */
  async record(suiteKey: string): Promise<SuiteRecord> {
    const text = await this.redis.get(suiteRecordKey(this.queueName, suiteKey));
    if (text === null) {
      throw new SuiteQueueError({
        reason: 'unknown-suite',
        queue: this.display,
        message: `${this.display} (queue ${this.queueName}) holds no such suite; start it with forge suite --queue ${this.display} (a flushed or restarted Redis without persistence forgets its suites)`,
      });
    }
    return parseSuiteRecord(text, this.display);
  }

  /** Every cell result the workers have recorded. */
  async results(record: SuiteRecord): Promise<Map<string, SuiteCellResult>> {
    const hash = await this.redis.hgetall(suiteResultsKey(this.queueName, record.key));
    return parseResultsHash(hash, record, this.display);
  }

  /**
   * Records a failure for every cell whose job BullMQ gave up on (found stalled too often, or
   * its worker's errors exhausted the attempts), so the suite settles instead of waiting.
   */
  async recordAbandonedCells(record: SuiteRecord): Promise<string[]> {
    const failedJobs = await this.suiteJobs(record, ['failed']);
    const abandoned: string[] = [];
    for (const job of failedJobs) {
      const cell = record.cells.find((candidate) => candidate.id === job.data.cellId);
      if (cell === undefined) continue;
      const result: SuiteCellResult = {
        ...pendingResult(cell, defaultCellRunDir(cell)),
        status: 'failed',
        error: `the queue gave up on this cell: ${job.failedReason ?? 'unknown reason'}`,
      };
      const added = await this.redis.hsetnx(
        suiteResultsKey(this.queueName, record.key),
        cell.id,
        JSON.stringify(result),
      );
      if (added === 1) abandoned.push(cell.id);
    }
    return abandoned;
  }

  /** Where every cell of the suite stands, and which workers are connected. */
  async status(record: SuiteRecord): Promise<SuiteQueueStatus> {
    const results = await this.results(record);
    const options = { allowTruncatedCeilings: record.allowTruncatedCeilings === true };
    const progress = queueProgress(record.cells, results, options);
    const held = heldCells(record.cells, results, options);
    const live = new Map<string, { job: Job<CellJobData>; state: 'running' | 'queued' }>();
    for (const job of await this.suiteJobs(record, ['waiting', 'prioritized', 'delayed']))
      live.set(job.data.cellId, { job, state: 'queued' });
    for (const job of await this.suiteJobs(record, ['active']))
      live.set(job.data.cellId, { job, state: 'running' });
    const cells: QueuedCellState[] = record.cells.map((cell) => {
      const result = results.get(cell.id);
      if (result?.status === 'done') return { id: cell.id, state: 'done' };
      if (result?.status === 'stopped') return { id: cell.id, state: 'stopped' };
      if (result?.status === 'failed')
        return { id: cell.id, state: 'failed', ...(result.error ? { error: result.error } : {}) };
      const entry = live.get(cell.id);
      if (entry !== undefined) {
        const progressData = entry.job.progress as { worker?: unknown } | undefined;
        return {
          id: cell.id,
          state: entry.state,
          ...(entry.state === 'running' && typeof progressData?.worker === 'string'
            ? { worker: progressData.worker }
            : {}),
          starts: entry.job.attemptsStarted,
          stalls: entry.job.stalledCounter,
        };
      }
      if (held.refused.has(cell.id)) return { id: cell.id, state: 'refused' };
      return { id: cell.id, state: held.blocked.has(cell.id) ? 'blocked' : 'waiting' };
    });
    const counts = {
      waiting: 0,
      queued: 0,
      running: 0,
      done: 0,
      stopped: 0,
      failed: 0,
      blocked: 0,
      refused: 0,
    };
    for (const cell of cells) counts[cell.state] += 1;
    return {
      suite: { key: record.key, name: record.name, dir: record.dir, digest: record.digest },
      progress,
      counts,
      cells,
      workers: await this.workers(),
    };
  }

  /** Workers connected to this queue. */
  async workers(): Promise<QueueWorkerInfo[]> {
    const byName = new Map<string, QueueWorkerInfo>();
    for (const client of await this.queue.getWorkers()) {
      const raw = client['rawname'] ?? '';
      const marker = raw.indexOf(':w:');
      const name = marker < 0 ? '(unnamed)' : raw.slice(marker + 3);
      if (!byName.has(name)) byName.set(name, { name, address: client['addr'] ?? '' });
    }
    return [...byName.values()].sort((left, right) => left.name.localeCompare(right.name));
  }

  /** Closes the connections. */
  async close(): Promise<void> {
    await this.queue.close();
    this.redis.disconnect();
  }

  private async suiteJobs(
    record: SuiteRecord,
    types: ('waiting' | 'prioritized' | 'delayed' | 'active' | 'failed')[],
  ): Promise<Job<CellJobData>[]> {
    const jobs = (await this.queue.getJobs(types)) as (Job<CellJobData> | undefined)[];
    return jobs.filter(
      (job): job is Job<CellJobData> => job !== undefined && job.data?.suiteKey === record.key,
    );
  }
}
