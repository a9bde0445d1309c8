import { join } from 'node:path';
import type { CellRunRequest, CellWorker, LocalSuite } from '@forge/queue';
import { LeaseHeldError, LeaseLostError } from '@forge/store';
import type { CellRunner } from '@forge/suite';
import { ConfigError } from '../../config/config-error.js';
import { assertSavedSuiteTrusted } from '../open-suite.js';
import { prepareSuite } from '../prepare-suite.js';
import { createSuiteCellRunner } from '../suite-cell-runner.js';
import { loadSavedSuite, type SavedSuite, suiteFileName } from '../suite-directory.js';
import { loadQueue } from './load-queue.js';
import { queueConnection } from './queue-connection.js';
import type { QueueConnectionOptions } from './queue-connection-options.js';
import type { SuiteWorkerEvent } from './queued-suite-events.js';

/** Options of `runSuiteWorker`. */
export interface RunSuiteWorkerOptions extends QueueConnectionOptions {
  /**
   * The suite directories this worker may run: each one and the suites below it. A job whose
   * suite lies elsewhere is refused, and so is one whose record disagrees with the directory's
   * `suite.json`. At least one.
   */
  readonly suiteDirs: readonly string[];
  /** The BullMQ queue's name. Default `forge-suite`. */
  readonly queueName?: string;
  /** Cells run at once. Default 1. */
  readonly concurrency?: number;
  /** The worker's name in status lines. Default `<host>-<pid>`. */
  readonly name?: string;
  /** A cell's lock, in seconds: a dead worker's cell is re-queued after about this long. Default 30. */
  readonly lockSeconds?: number;
  /**
   * Import the modules a suite's `suite.json` names (provider modules, benchmark programs) and
   * use the model endpoints it records without their being given again: the suites under
   * `suiteDirs` are yours. Default false: a suite that names any is refused, nothing imported.
   */
  readonly trustRunModules?: boolean;
  /**
   * Model servers this worker vouches for (`forge worker --base-url`): a server a suite's
   * `suite.json` records is sent this machine's keys only when it is one of these, in the
   * environment (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, `OLLAMA_HOST`), or with
   * `trustRunModules`.
   */
  readonly endpoints?: readonly string[];
  /** Environment to read API keys, endpoints and the queue's password and TLS files from. Default `process.env`. */
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
  const { startCellWorker } = await loadQueue();
  const queue = await queueConnection(options);
  const emit = (event: SuiteWorkerEvent) => options.onEvent?.(event);
  const prepared = new Map<string, ReturnType<typeof prepareSuite>>();
  const prepare = (dir: string, saved: SavedSuite) => {
    const key = `${dir}\0${saved.digest}`;
    let suite = prepared.get(key);
    if (suite === undefined) {
      const file = join(dir, suiteFileName);
      suite = (async () => {
        // Checked before anything the file names is imported or resolved.
        assertSavedSuiteTrusted(file, saved.config, {
          call: 'forge worker',
          environment: options.environment ?? process.env,
          endpoints: options.endpoints,
          trust: options.trustRunModules,
        });
        return prepareSuite(
          { file, value: saved.config },
          {
            name: saved.name,
            ...(options.environment === undefined ? {} : { environment: options.environment }),
          },
        );
      })();
      prepared.set(key, suite);
      suite.catch(() => prepared.delete(key));
    }
    return suite;
  };
  // The suite as this machine's disk has it: the queue's record must agree with it.
  const readSuite = async (dir: string): Promise<LocalSuite> => {
    const saved = loadSavedSuite(dir);
    const suite = await prepare(dir, saved);
    if (suite.digest !== saved.digest) {
      throw new ConfigError({
        file: join(dir, suiteFileName),
        message: `its config has the digest ${suite.digest}, not the ${saved.digest} it records; was it edited by hand?`,
      });
    }
    return {
      digest: suite.digest,
      cells: suite.plan.cells,
      maxEvaluations: suite.config.budget.maxEvaluations,
    };
  };
  const runnerFor = async (request: CellRunRequest): Promise<CellRunner> => {
    const { config } = await prepare(request.suiteDir, loadSavedSuite(request.suiteDir));
    return createSuiteCellRunner({
      config,
      suiteDir: request.suiteDir,
      ...(options.environment === undefined ? {} : { environment: options.environment }),
      abortSignal: request.abortSignal,
      onCellEvent: (cell, event) => emit({ type: 'cell-progress', cell, event }),
    });
  };
  const worker: CellWorker = await startCellWorker({
    queue,
    suiteDirs: options.suiteDirs,
    readSuite,
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
