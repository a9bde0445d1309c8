import type { SuiteRecord } from '@forge/queue';
import {
  defaultCellRunDir,
  isFinishedCell,
  resultOutsidePlan,
  StatisticsMemo,
  type SuiteCellResult,
} from '@forge/suite';
import { ConfigError } from '../../config/config-error.js';
import { detachObjectInputs } from '../../inputs/object-inputs.js';
import { openSuite } from '../open-suite.js';
import { suiteModelFields } from '../prepare-suite.js';
import type { RunSuiteOptions, RunSuiteResult } from '../run-suite-options.js';
import type { SuiteInput } from '../suite-config-schema.js';
import { writeSuiteFiles } from '../write-suite-files.js';
import { loadQueue } from './load-queue.js';
import { queueConnection } from './queue-connection.js';
import type { QueueConnectionOptions } from './queue-connection-options.js';
import type { QueuedSuiteEvent } from './queued-suite-events.js';

/** Options of `runQueuedSuite`. */
export interface RunQueuedSuiteOptions
  extends Omit<RunSuiteOptions, 'onEvent' | 'abortSignal'>,
    QueueConnectionOptions {
  /** The BullMQ queue's name. Default `forge-suite`. */
  readonly queueName?: string;
  /** Wait until every cell is done, then write the results (default), or return once enqueued. */
  readonly wait?: boolean;
  /** How often the queue is read while waiting, in ms. Default 1000. */
  readonly pollMs?: number;
  /** Receives every event. */
  readonly onEvent?: (event: QueuedSuiteEvent) => void;
}

/** What a queued suite invocation ended with. */
export interface RunQueuedSuiteResult extends RunSuiteResult {
  /** True when every cell is finished (or blocked by a failed one): the files are final. */
  readonly settled: boolean;
}

/**
 * Runs a suite on a BullMQ queue: the suite directory is prepared as `runSuite` prepares it, the
 * cells that can start are enqueued (a row's aligned methods follow once its reference is done,
 * enqueued by the worker that finished it), and — unless `wait: false` — it waits, reporting
 * progress, until every cell is finished, then writes `results.json`, the tables and the report
 * exactly as a single machine does. `forge worker` processes run the cells; the suite directory
 * must be at the same path on every worker (a shared filesystem). A stop request ends the wait
 * only: the workers go on, and calling this again with `resume: true` waits again.
 */
export async function runQueuedSuite(
  config: SuiteInput | undefined,
  options: RunQueuedSuiteOptions,
): Promise<RunQueuedSuiteResult> {
  refuseObjects(config, options.configFile ?? '<options>');
  // Loaded here, so nothing else in the sdk loads BullMQ.
  const { SuiteQueue, SuiteQueueError, queueProgress, settledResults, suiteKeyOf } =
    await loadQueue();
  const queueUrl = await queueConnection(options);
  const emit = (event: QueuedSuiteEvent) => options.onEvent?.(event);
  // Connected first: an unreachable Redis is refused before the suite directory is touched.
  const queue = await SuiteQueue.open({
    queue: queueUrl,
    ...(options.queueName === undefined ? {} : { queueName: options.queueName }),
  });
  try {
    const { dir, suite, selected, previous } = await openSuite(config, {
      ...options,
      onEvent: emit,
    });
    const record: SuiteRecord = {
      formatVersion: 1,
      key: suiteKeyOf(suite.digest, dir),
      dir,
      name: suite.name,
      digest: suite.digest,
      cells: selected.cells,
      ...(suite.config.alignment.allowTruncatedCeilings === true
        ? { allowTruncatedCeilings: true }
        : {}),
    };
    const readiness = { allowTruncatedCeilings: record.allowTruncatedCeilings === true };
    const published = await queue.publish(record, previous);
    emit({
      type: 'suite-queued',
      queue: queue.display,
      queueName: queue.queueName,
      suiteKey: record.key,
      selected: record.cells.length,
      enqueued: published.enqueued,
      retried: published.retried,
    });
    const local = {
      digest: suite.digest,
      cells: suite.plan.cells,
      maxEvaluations: suite.config.budget.maxEvaluations,
    };
    // Whoever can write to Redis writes these: checked against the plan before they are used.
    const merged = async () => {
      const recorded = await queue.results(record);
      const mismatch = resultOutsidePlan(recorded, local);
      if (mismatch !== undefined) {
        throw new SuiteQueueError({
          reason: 'bad-record',
          queue: queue.display,
          message: `${queue.display}: ${mismatch.reason}; nothing of it was written to ${dir}`,
        });
      }
      return new Map([...previous, ...recorded]);
    };
    let results = await merged();
    let settled = queueProgress(record.cells, results, readiness).remaining === 0;
    let stopped = false;
    // The files are rewritten as cells finish: their statistics are recomputed only where cells changed.
    const memo = new StatisticsMemo();
    if (options.wait === false && !settled) {
      emit({ type: 'suite-queue-detached', reason: 'no-wait' });
    } else {
      let shown = '';
      let written = '';
      while (!settled) {
        if (options.stopSignal?.aborted === true) {
          stopped = true;
          emit({ type: 'suite-queue-detached', reason: 'stopped' });
          break;
        }
        await queue.recordAbandonedCells(record);
        const status = await queue.status(record);
        results = await merged();
        const running = status.cells
          .filter((cell) => cell.state === 'running')
          .map((cell) => ({ cell: cell.id, ...(cell.worker ? { worker: cell.worker } : {}) }));
        const event = {
          type: 'suite-queue-progress' as const,
          counts: status.counts,
          running,
          workers: status.workers.map((worker) => worker.name),
          spentUsd: status.progress.spentUsd,
        };
        const text = JSON.stringify(event);
        if (text !== shown) {
          shown = text;
          emit(event);
        }
        const finished = JSON.stringify([
          status.progress.done,
          status.progress.stopped,
          status.progress.failed,
        ]);
        if (finished !== written) {
          written = finished;
          await writeSuiteFiles(dir, suite, results, { final: false, memo });
        }
        settled = status.progress.remaining === 0;
        if (!settled) await pause(options.pollMs ?? 1000, options.stopSignal);
      }
    }
    const final = settled
      ? settledResults(record.cells, results, defaultCellRunDir, readiness)
      : results;
    const files = await writeSuiteFiles(dir, suite, final, { final: settled, memo });
    emit({ type: 'suite-outputs-written', dir, files: files.files, notes: files.notes });
    const visited = new Set(record.cells.map((cell) => cell.id));
    return {
      dir,
      results: files.results,
      tables: files.tables,
      files: files.files,
      notes: files.notes,
      ran: record.cells
        .filter((cell) => isFinished(final.get(cell.id)) && !isFinished(previous.get(cell.id)))
        .map((cell) => cell.id),
      failed: files.results.cells
        .filter((cell) => visited.has(cell.id) && cell.status === 'failed')
        .map((cell) => cell.id),
      refused: files.results.cells.flatMap((cell) =>
        visited.has(cell.id) && cell.status === 'pending' && cell.stoppedDependencies?.[0]
          ? [{ cell: cell.id, dependency: cell.stoppedDependencies[0] }]
          : [],
      ),
      stopped,
      settled,
    };
  } finally {
    await queue.close();
  }
}

function isFinished(result: SuiteCellResult | undefined): boolean {
  return isFinishedCell(result) || result?.status === 'failed';
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * A queued suite's cells run in `forge worker` processes, which only know names: model and
 * benchmark objects of this process are refused before anything is enqueued.
 * @throws ConfigError naming the first field that holds an object.
 */
function refuseObjects(config: SuiteInput | undefined, file: string): void {
  if (config === undefined) return;
  const { objects } = detachObjectInputs(config, suiteModelFields, { benchmarkList: 'benchmarks' });
  if (objects.fields.length === 0) return;
  throw new ConfigError({
    file,
    field: objects.fields[0] as string,
    message:
      'a queued suite runs its cells in forge worker processes: give every model and benchmark by name (a model string, model settings, or a registered benchmark id), not as an object of this process',
  });
}
