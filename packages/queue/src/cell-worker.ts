import { hostname } from 'node:os';
import {
  type CellRunner,
  cellReadiness,
  defaultCellRunDir,
  isFinishedCell,
  resultOutsidePlan,
  runSuiteCell,
  type SuiteCellResult,
} from '@forge/suite';
import { DelayedError, type Job, Queue, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { enqueueReadyCells } from './enqueue-ready-cells.js';
import { type LocalSuite, recordMismatch } from './local-suite.js';
import type { QueueUrl } from './queue-url.js';
import { connectRedis } from './redis-connection.js';
import { suiteDirAllowList } from './suite-dir-allow-list.js';
import { defaultQueueName, suiteRecordKey, suiteResultsKey } from './suite-queue-keys.js';
import {
  type CellJobData,
  parseCellJobData,
  parseResultsHash,
  parseSuiteRecord,
  type SuiteRecord,
} from './suite-record.js';

/** What the worker asks of the caller to run one cell. */
export interface CellRunRequest {
  /** The suite (its directory, digest and cells), checked against its `suite.json`. */
  readonly record: SuiteRecord;
  /** The suite directory's real path here: an allowed directory or one below it. */
  readonly suiteDir: string;
  /** The suite as read from that directory's `suite.json` by `readSuite`. */
  readonly local: LocalSuite;
  /** Graceful stop (the worker is stopping): stop after the current step, save, return `pending`. */
  readonly stopSignal: AbortSignal;
  /** Immediate stop: the worker lost the cell's lock, or was told to stop now. */
  readonly abortSignal: AbortSignal;
}

/** Something a worker did. */
export type CellWorkerEvent =
  | {
      readonly type: 'worker-ready';
      readonly worker: string;
      readonly queueName: string;
      readonly concurrency: number;
    }
  | {
      readonly type: 'cell-taken';
      readonly worker: string;
      readonly suiteDir: string;
      readonly cell: string;
      /** Times a worker has started this cell, this start included. */
      readonly starts: number;
      /** Times it was found stalled (a worker died or froze) before this start. */
      readonly stalls: number;
    }
  | {
      readonly type: 'cell-finished';
      readonly worker: string;
      readonly cell: string;
      readonly status: SuiteCellResult['status'];
      readonly durationMs: number;
      /** Cells this result made ready (the worker enqueued them). */
      readonly enqueued: readonly string[];
    }
  | {
      readonly type: 'cell-requeued';
      readonly worker: string;
      readonly cell: string;
      /** Why it went back to the queue. */
      readonly reason: 'stopping' | 'held-elsewhere' | 'lock-lost';
    }
  | {
      readonly type: 'cell-rejected';
      readonly worker: string;
      /** The BullMQ job's id. */
      readonly job: string;
      /** Why the job was refused: nothing was run, imported or deleted for it. */
      readonly reason: string;
    }
  | { readonly type: 'worker-stopped'; readonly worker: string };

/** Options of `startCellWorker`. */
export interface CellWorkerOptions {
  /** The queue's Redis. */
  readonly queue: QueueUrl;
  /** The queue's name. Default `forge-suite`. */
  readonly queueName?: string;
  /** Cells run at once. Default 1. */
  readonly concurrency?: number;
  /** The worker's name in status lines. Default `<host>-<pid>`. */
  readonly name?: string;
  /**
   * How long a cell's lock lasts without renewal, in ms (renewed every half of it while the
   * worker lives). A dead worker's cell is re-queued after about this long. Default 30000.
   */
  readonly lockMs?: number;
  /** Times a cell may be found stalled before the queue gives up on it. Default 5. */
  readonly maxStalledCount?: number;
  /** How long a cell whose run directory another process holds waits before a retry, in ms. Default 5000. */
  readonly heldRetryMs?: number;
  /**
   * The suite directories this worker may run: each one and the suites below it (symbolic links
   * resolved). A job whose record names any other directory is refused. At least one.
   */
  readonly suiteDirs: readonly string[];
  /**
   * Reads a suite from its directory's `suite.json` and plans it here. A job is run only when
   * the queue's record agrees with it: same digest, and every cell a cell of this plan.
   */
  readonly readSuite: (dir: string) => Promise<LocalSuite>;
  /** Runs a cell for the given suite: the caller's runner (`createSuiteCellRunner` in the sdk). */
  readonly runnerFor: (request: CellRunRequest) => Promise<CellRunner>;
  /** True for an error that means another live process holds the cell's run directory (its lease). */
  readonly heldElsewhere?: (error: unknown) => boolean;
  /** Everything the worker does. */
  readonly onEvent?: (event: CellWorkerEvent) => void;
}

/** A running worker. */
export interface CellWorker {
  /** Its name. */
  readonly name: string;
  /** Stops taking cells; running cells stop after their current step, save, and go back to the queue. */
  stop(): Promise<void>;
  /** Stops now: in-flight calls are aborted; running cells stay at their last save and are re-queued. */
  abort(): Promise<void>;
}

/**
 * Starts a worker that takes suite cells from the queue and runs them. One cell is held by one
 * worker at a time through BullMQ's job lock, renewed while the worker lives; a worker that
 * dies (kill -9, a lost machine) stops renewing, another worker's stalled-job check re-queues
 * the cell, and the next run continues from its run directory. When a cell finishes, its result
 * is recorded and the cells it unblocks are enqueued (B.4). A lock lost mid-cell aborts the cell
 * at once, so two workers never write one run.
 */
export async function startCellWorker(options: CellWorkerOptions): Promise<CellWorker> {
  const name = options.name ?? `${hostname()}-${process.pid}`;
  const queueName = options.queueName ?? defaultQueueName;
  const emit = (event: CellWorkerEvent) => options.onEvent?.(event);
  // Checked before connecting: a worker that would obey any directory is refused at start.
  const allowed = suiteDirAllowList(options.suiteDirs);
  const redis = await connectRedis(options.queue, { name: `forge-worker-${name}` });
  const queue = new Queue(queueName, { connection: redis });
  queue.on('error', () => {});
  const stopping = new AbortController();
  const aborting = new AbortController();
  const lockMs = options.lockMs ?? 30_000;
  const display = options.queue.display;

  const processor = async (
    job: Job<CellJobData>,
    token?: string,
    signal?: AbortSignal,
  ): Promise<{ status: string }> => {
    // Everything below comes from Redis: checked as data before anything is read, run or deleted.
    const refuse = (reason: string): never => {
      emit({ type: 'cell-rejected', worker: name, job: String(job.id ?? ''), reason });
      throw new UnrecoverableError(reason);
    };
    const data = await checked(() => parseCellJobData(job.data, display), refuse);
    const record = await checked(
      () => readRecord(redis, queueName, data.suiteKey, display),
      refuse,
    );
    const place = allowed.check(record.dir);
    if ('refused' in place) return refuse(place.refused);
    const local = await checked(() => options.readSuite(place.dir), refuse);
    const mismatch = recordMismatch(record, local);
    if (mismatch !== undefined) return refuse(`${place.dir}: ${mismatch}`);
    const cell = record.cells.find((candidate) => candidate.id === data.cellId);
    if (cell === undefined) return refuse(`${display}: cell ${data.cellId} is not in its suite`);
    const results = await checked(() => readResults(redis, queueName, record, display), refuse);
    const foreign = resultOutsidePlan(results, local);
    if (foreign !== undefined) return refuse(`${display}: ${foreign.reason}`);
    const known = results.get(cell.id);
    if (known !== undefined && (isFinishedCell(known) || known.status === 'failed')) {
      // Finished by an earlier start that died before it could enqueue what it unblocked.
      await enqueueReadyCells(queue, record, results);
      return { status: known.status };
    }
    const readiness = cellReadiness(cell, results, {
      allowTruncatedCeilings: record.allowTruncatedCeilings === true,
    });
    if (!readiness.ready) {
      throw new UnrecoverableError(
        `${data.cellId} was queued before ${readiness.waitingFor.join(', ')} finished`,
      );
    }
    emit({
      type: 'cell-taken',
      worker: name,
      suiteDir: record.dir,
      cell: cell.id,
      starts: job.attemptsStarted,
      stalls: job.stalledCounter,
    });
    await job.updateProgress({ worker: name, startedAt: new Date().toISOString() });
    const abort = AbortSignal.any([aborting.signal, ...(signal === undefined ? [] : [signal])]);
    const started = Date.now();
    const runCell = await options.runnerFor({
      record,
      suiteDir: place.dir,
      local,
      stopSignal: stopping.signal,
      abortSignal: abort,
    });
    let result: SuiteCellResult;
    try {
      result = await runSuiteCell({
        cell,
        ceiling: readiness.ceiling,
        ...(readiness.stoppedDependencies === undefined
          ? {}
          : { stoppedDependencies: readiness.stoppedDependencies }),
        runDir: defaultCellRunDir(cell),
        results,
        runCell,
        stopSignal: stopping.signal,
        passThrough: (error) => options.heldElsewhere?.(error) === true,
      });
    } catch (error) {
      // Another live process holds the run directory (a frozen worker whose lock expired):
      // wait, and try again once it has let go or its lease has gone stale.
      emit({ type: 'cell-requeued', worker: name, cell: cell.id, reason: 'held-elsewhere' });
      await job.moveToDelayed(Date.now() + (options.heldRetryMs ?? 5000), token);
      throw new DelayedError(error instanceof Error ? error.message : String(error));
    }
    if (signal?.aborted === true) {
      // The lock is someone else's now: record nothing; the cell's new holder continues it.
      emit({ type: 'cell-requeued', worker: name, cell: cell.id, reason: 'lock-lost' });
      throw new Error(`${cell.id}: the cell's lock was lost; another worker continues it`);
    }
    if (result.status === 'pending' || aborting.signal.aborted) {
      emit({ type: 'cell-requeued', worker: name, cell: cell.id, reason: 'stopping' });
      await job.moveToWait(token);
      throw new WaitingError();
    }
    // The result first, then the check: when two dependencies of a cell finish at once, at
    // least one of their workers sees both results and enqueues it.
    await redis.hset(suiteResultsKey(queueName, record.key), cell.id, JSON.stringify(result));
    const offered = await enqueueReadyCells(
      queue,
      record,
      await readResults(redis, queueName, record, display),
    );
    // Credited to this cell: the ready cells that wait for it. Other ready cells were unblocked
    // by results that came in while this one ran, and their workers report them.
    const dependents = new Set(
      record.cells.filter((other) => other.dependsOn.includes(cell.id)).map((other) => other.id),
    );
    const enqueued = offered.filter((id) => dependents.has(id));
    emit({
      type: 'cell-finished',
      worker: name,
      cell: cell.id,
      status: result.status,
      durationMs: Date.now() - started,
      enqueued,
    });
    return { status: result.status };
  };

  const worker = new Worker<CellJobData>(queueName, processor, {
    connection: redis,
    name,
    concurrency: options.concurrency ?? 1,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: options.maxStalledCount ?? 5,
    autorun: false,
  });
  worker.on('error', () => {});
  // A lock that could not be renewed may already be another worker's: stop the cell at once.
  worker.on('lockRenewalFailed', (jobIds: string[]) => {
    for (const id of jobIds) worker.cancelJob(id, 'lock lost');
  });
  void worker.run();
  await worker.waitUntilReady();
  emit({
    type: 'worker-ready',
    worker: name,
    queueName,
    concurrency: options.concurrency ?? 1,
  });
  let closing: Promise<void> | undefined;
  const close = (force: boolean) => {
    closing ??= (async () => {
      await worker.close(force);
      await queue.close();
      redis.disconnect();
      emit({ type: 'worker-stopped', worker: name });
    })();
    return closing;
  };
  return {
    name,
    stop: () => {
      stopping.abort();
      return close(false);
    },
    abort: () => {
      stopping.abort();
      aborting.abort();
      return close(true);
    },
  };
}

/** The value, or the refusal of the job with the error's message. */
async function checked<T>(
  read: () => T | Promise<T>,
  refuse: (reason: string) => never,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
}

async function readRecord(
  redis: Redis,
  queueName: string,
  suiteKey: string,
  display: string,
): Promise<SuiteRecord> {
  const text = await redis.get(suiteRecordKey(queueName, suiteKey));
  if (text === null)
    throw new UnrecoverableError(`${display}: the suite ${suiteKey} is no longer on the queue`);
  return parseSuiteRecord(text, display);
}

async function readResults(
  redis: Redis,
  queueName: string,
  record: SuiteRecord,
  display: string,
): Promise<Map<string, SuiteCellResult>> {
  return parseResultsHash(
    await redis.hgetall(suiteResultsKey(queueName, record.key)),
    record,
    display,
  );
}
