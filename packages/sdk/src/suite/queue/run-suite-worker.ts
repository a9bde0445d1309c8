import { join } from 'node:path';
import type { CellRunRequest, CellWorker } from '@forge/queue';
import { LeaseHeldError, LeaseLostError } from '@forge/store';
import type { CellRunner } from '@forge/suite';
import { ConfigError } from '../../config/config-error.js';
import { prepareSuite } from '../prepare-suite.js';
import { createSuiteCellRunner } from '../suite-cell-runner.js';
import { loadSavedSuite, suiteFileName } from '../suite-directory.js';
import { loadQueue } from './load-queue.js';
import type { SuiteWorkerEvent } from './queued-suite-events.js';

/** Options of `runSuiteWorker`. */
export interface RunSuiteWorkerOptions {
  /** The queue's Redis: `redis://host:port[/db]`. */
  readonly queue: string;
  /** The BullMQ queue's name. Default `forge-suite`. */
  readonly queueName?: string;
  /** Cells run at once. Default 1. */
  readonly concurrency?: number;
  /** The worker's name in status lines. Default `<host>-<pid>`. */
  readonly name?: string;
  /** A cell's lock, in seconds: a dead worker's cell is re-queued after about this long. Default 30. */
  readonly lockSeconds?: number;
  /** Environment to read API keys and endpoints from. Default `process.env`. */
  readonly environment?: Record<string, string | undefined>;
  /** Graceful stop: take no more cells; running cells stop after their current step, save, and go back to the queue. */
  readonly stopSignal?: AbortSignal;
  /** Immediate stop: in-flight calls are aborted; running cells stay at their last save and are re-queued. */
  readonly abortSignal?: AbortSignal;
  /** Receives every event: the worker's, and each cell's own (`cell-progress`). */
  readonly onEvent?: (event: SuiteWorkerEvent) => void;
}

/**
 * Runs a worker until it is stopped: it takes suite cells from the queue and runs each in its
 * run directory under the suite directory (which must be at the same path here as where the
 * suite was started: a shared filesystem), resuming a cell a dead worker left part-way. The
 * worker reads the suite's config from its `suite.json` and its API keys and endpoints from its
 * own environment — nothing secret goes through Redis.
 */
export async function runSuiteWorker(options: RunSuiteWorkerOptions): Promise<void> {
  // Loaded here, so nothing else in the sdk loads BullMQ.
  const { parseQueueUrl, startCellWorker } = await loadQueue();
  const queue = parseQueueUrl(options.queue);
  const emit = (event: SuiteWorkerEvent) => options.onEvent?.(event);
  const prepared = new Map<string, ReturnType<typeof prepareSuite>>();
  const runnerFor = async (request: CellRunRequest): Promise<CellRunner> => {
    const { record } = request;
    const file = join(record.dir, suiteFileName);
    const saved = loadSavedSuite(record.dir);
    if (saved.digest !== record.digest) {
      throw new ConfigError({
        file,
        message: `holds another suite (digest ${saved.digest}) than the queue's (${record.digest}); is the shared directory mounted at ${record.dir} on this machine?`,
      });
    }
    const key = `${record.dir}\0${record.digest}`;
    let suite = prepared.get(key);
    if (suite === undefined) {
      suite = prepareSuite(
        { file, value: saved.config },
        {
          name: saved.name,
          ...(options.environment === undefined ? {} : { environment: options.environment }),
        },
      );
      prepared.set(key, suite);
      suite.catch(() => prepared.delete(key));
    }
    const { config } = await suite;
    return createSuiteCellRunner({
      config,
      suiteDir: record.dir,
      ...(options.environment === undefined ? {} : { environment: options.environment }),
      abortSignal: request.abortSignal,
      onCellEvent: (cell, event) => emit({ type: 'cell-progress', cell, event }),
    });
  };
  const worker: CellWorker = await startCellWorker({
    queue,
    ...(options.queueName === undefined ? {} : { queueName: options.queueName }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    ...(options.name === undefined ? {} : { name: options.name }),
    ...(options.lockSeconds === undefined ? {} : { lockMs: options.lockSeconds * 1000 }),
    runnerFor,
    // The store's run lease guards each cell's directory besides BullMQ's job lock: a cell whose
    // directory another live process writes (a frozen worker whose job lock expired, or someone's
    // `forge optimize --resume`) waits and is retried, never run by two at once.
    heldElsewhere: (error) => LeaseHeldError.isInstance(error) || LeaseLostError.isInstance(error),
    onEvent: emit,
  });
  await new Promise<void>((resolve, reject) => {
    const stop = () => worker.stop().then(resolve, reject);
    const abort = () => worker.abort().then(resolve, reject);
    if (options.abortSignal?.aborted) return void abort();
    if (options.stopSignal?.aborted) return void stop();
    options.stopSignal?.addEventListener('abort', stop, { once: true });
    options.abortSignal?.addEventListener('abort', abort, { once: true });
  });
}
