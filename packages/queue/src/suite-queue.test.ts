import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  type CellRunner,
  defaultCellRunDir,
  executeSuite,
  pendingResult,
  planSuite,
  type SuiteCell,
  type SuiteCellResult,
} from '@forge/suite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CellWorker, type CellWorkerEvent, startCellWorker } from './cell-worker.js';
import { parseQueueUrl, type QueueUrl } from './queue-url.js';
import { SuiteQueue } from './suite-queue.js';
import { suiteKeyOf } from './suite-queue-keys.js';
import type { SuiteRecord } from './suite-record.js';
import { startRedisServer, type TestRedisServer } from './testing/redis-server.js';

// A real redis-server on loopback; the cells are fakes whose results are pure functions of the
// cell and its ceiling, so the queue's results can be compared with one machine's.
let redis: TestRedisServer;
let queueUrl: QueueUrl;
const root = realpathSync(mkdtempSync(join(tmpdir(), 'forge-queue-')));
beforeAll(async () => {
  redis = await startRedisServer();
  queueUrl = parseQueueUrl(redis.url);
});
afterAll(async () => {
  await redis?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A suite directory under the workers' allowed root. */
function suiteDir(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** What the workers allow and read from disk: every suite here is the plan below. */
const onDisk = {
  suiteDirs: [root],
  readSuite: async (dir: string) => ({ digest: `digest-${basename(dir)}`, cells: plan.cells }),
};

const plan = planSuite({
  benchmarks: ['alpha', 'beta'],
  methods: ['baseline', 'prompt-search', 'forge'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0, 1],
  alignment: { reference: 'forge', controls: ['baseline'] },
});

function resultOf(cell: SuiteCell, ceiling: number | null): SuiteCellResult {
  const used = cell.role === 'reference' ? 100 + cell.seed * 7 + cell.benchmark.length : 10;
  return {
    ...pendingResult(cell, defaultCellRunDir(cell)),
    status: cell.method === 'prompt-search' && cell.benchmark === 'beta' ? 'failed' : 'done',
    evaluationsUsed: cell.role === 'aligned' ? (ceiling ?? 0) : used,
    bestTest: cell.seed / 10,
    costUsd: 0.01,
    simulated: true,
  };
}

const fakeRunner: CellRunner = async (cell, ceiling) => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const result = resultOf(cell, ceiling);
  if (result.status === 'failed') throw new Error('the fake method failed');
  return result;
};

async function settle(queue: SuiteQueue, record: SuiteRecord, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await queue.status(record);
    if (status.progress.remaining === 0) return status;
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(status.counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a suite on a BullMQ queue', () => {
  it('runs every cell once, in B.4 order, on two workers, to the results of one machine', async () => {
    const record: SuiteRecord = {
      formatVersion: 1,
      key: suiteKeyOf('digest-a', suiteDir('a')),
      dir: suiteDir('a'),
      name: 'a',
      digest: 'digest-a',
      cells: plan.cells,
    };
    const queue = await SuiteQueue.open({ queue: queueUrl, queueName: 'test-order' });
    const started: string[] = [];
    const finished = new Set<string>();
    const events: CellWorkerEvent[] = [];
    const runner: CellRunner = async (cell, ceiling, context) => {
      // B.4: an aligned cell starts only after its reference finished.
      if (cell.ceilingFrom !== null) expect(finished.has(cell.ceilingFrom)).toBe(true);
      started.push(cell.id);
      try {
        return await fakeRunner(cell, ceiling, context);
      } finally {
        finished.add(cell.id);
      }
    };
    const workers: CellWorker[] = [];
    try {
      for (const name of ['one', 'two']) {
        workers.push(
          await startCellWorker({
            ...onDisk,
            queue: queueUrl,
            queueName: 'test-order',
            name,
            concurrency: 2,
            runnerFor: async () => runner,
            onEvent: (event) => events.push(event),
          }),
        );
      }
      const published = await queue.publish(record, new Map());
      expect(published.enqueued).toHaveLength(8);
      const status = await settle(queue, record);
      expect(status.counts).toMatchObject({ done: 10, failed: 2, blocked: 0, running: 0 });
      expect(status.workers.map((worker) => worker.name)).toEqual(['one', 'two']);
      expect([...started].sort()).toEqual(plan.cells.map((cell) => cell.id).sort());
      const local = await executeSuite({ cells: plan.cells, runCell: fakeRunner });
      const queued = await queue.results(record);
      for (const cell of plan.cells)
        expect(queued.get(cell.id)).toEqual(local.results.get(cell.id));
      const takers = new Set(
        events.filter((event) => event.type === 'cell-taken').map((event) => event.worker),
      );
      expect(takers).toEqual(new Set(['one', 'two']));

      // Publishing again (a resumed suite) runs only the failed cells again.
      started.length = 0;
      const again = await queue.publish(record, new Map());
      expect([...again.retried].sort()).toEqual(
        plan.cells
          .filter((cell) => cell.benchmark === 'beta' && cell.method === 'prompt-search')
          .map((cell) => cell.id)
          .sort(),
      );
      await settle(queue, record);
      expect(started.sort()).toEqual(again.retried);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await queue.close();
    }
  }, 60_000);

  it('credits a newly queued cell to the cell it waited for, not to one that finished later', async () => {
    const cells = plan.cells.filter((cell) => cell.benchmark === 'alpha' && cell.seed === 0);
    const reference = cells.find((cell) => cell.method === 'forge') as SuiteCell;
    const aligned = cells.find((cell) => cell.method === 'prompt-search') as SuiteCell;
    const control = cells.find((cell) => cell.method === 'baseline') as SuiteCell;
    const record: SuiteRecord = {
      formatVersion: 1,
      key: suiteKeyOf('digest-e', suiteDir('e')),
      dir: suiteDir('e'),
      name: 'e',
      digest: 'digest-e',
      cells,
    };
    const queue = await SuiteQueue.open({ queue: queueUrl, queueName: 'test-credit' });
    const events: CellWorkerEvent[] = [];
    let referenceDone: () => void = () => {};
    const afterReference = new Promise<void>((resolve) => {
      referenceDone = resolve;
    });
    // The control cell runs alongside the reference and finishes after it: the aligned cell
    // is ready when the control's worker looks, but it was the reference that unblocked it.
    const runner: CellRunner = async (cell, ceiling, context) => {
      if (cell.id === control.id) await afterReference;
      const result = await fakeRunner(cell, ceiling, context);
      return result;
    };
    const worker = await startCellWorker({
      ...onDisk,
      queue: queueUrl,
      queueName: 'test-credit',
      name: 'credit',
      concurrency: 2,
      runnerFor: async () => runner,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'cell-finished' && event.cell === reference.id) referenceDone();
      },
    });
    try {
      await queue.publish(record, new Map());
      await settle(queue, record);
      const finished = new Map(
        events.flatMap((event) =>
          event.type === 'cell-finished' ? [[event.cell, event.enqueued] as const] : [],
        ),
      );
      expect(finished.get(reference.id)).toEqual([aligned.id]);
      expect(finished.get(control.id)).toEqual([]);
      expect(finished.get(aligned.id)).toEqual([]);
    } finally {
      await worker.stop();
      await queue.close();
    }
  }, 60_000);

  it('re-queues the cell of a worker that stopped renewing its lock, and another worker continues it', async () => {
    const record: SuiteRecord = {
      formatVersion: 1,
      key: suiteKeyOf('digest-b', suiteDir('b')),
      dir: suiteDir('b'),
      name: 'b',
      digest: 'digest-b',
      cells: plan.cells.filter((cell) => cell.id === 'alpha/forge/sim-task/sim-optimizer/seed-0'),
    };
    const queue = await SuiteQueue.open({ queue: queueUrl, queueName: 'test-stall' });
    const starts: string[] = [];
    let release: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const frozen = await startCellWorker({
      ...onDisk,
      queue: queueUrl,
      queueName: 'test-stall',
      name: 'frozen',
      lockMs: 1000,
      runnerFor: async () => async () => {
        starts.push('frozen');
        await hung;
        throw new Error('never reached: this worker is gone');
      },
    });
    const events: CellWorkerEvent[] = [];
    let rescuer: CellWorker | undefined;
    try {
      await queue.publish(record, new Map());
      const deadline = Date.now() + 10_000;
      while (starts.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // Gone without a word: it renews no lock and finishes nothing.
      await frozen.abort();
      rescuer = await startCellWorker({
        ...onDisk,
        queue: queueUrl,
        queueName: 'test-stall',
        name: 'rescuer',
        lockMs: 1000,
        runnerFor: async () => async (cell, ceiling, context) => {
          starts.push('rescuer');
          return fakeRunner(cell, ceiling, context);
        },
        onEvent: (event) => events.push(event),
      });
      const status = await settle(queue, record);
      expect(status.counts.done).toBe(1);
      expect(starts).toEqual(['frozen', 'rescuer']);
      const taken = events.find((event) => event.type === 'cell-taken');
      expect(taken).toMatchObject({ worker: 'rescuer', starts: 2 });
    } finally {
      release();
      await rescuer?.stop();
      await queue.close();
    }
  }, 60_000);

  it("sends a stopping worker's cell back to the queue, saved, for another worker to finish", async () => {
    const record: SuiteRecord = {
      formatVersion: 1,
      key: suiteKeyOf('digest-c', suiteDir('c')),
      dir: suiteDir('c'),
      name: 'c',
      digest: 'digest-c',
      cells: plan.cells.filter((cell) => cell.id === 'beta/forge/sim-task/sim-optimizer/seed-1'),
    };
    const queue = await SuiteQueue.open({ queue: queueUrl, queueName: 'test-stop' });
    const seen: { worker: string; stopped: boolean }[] = [];
    // A cell that runs until asked to stop, then reports itself pending (its progress saved).
    const stoppable =
      (worker: string): CellRunner =>
      async (cell, ceiling, context) => {
        if (worker === 'finisher') {
          seen.push({ worker, stopped: false });
          return fakeRunner(cell, ceiling, context);
        }
        await new Promise<void>((resolve) =>
          context.stopSignal?.addEventListener('abort', () => resolve(), { once: true }),
        );
        seen.push({ worker, stopped: true });
        return pendingResult(cell, context.runDir);
      };
    const events: CellWorkerEvent[] = [];
    const leaving = await startCellWorker({
      ...onDisk,
      queue: queueUrl,
      queueName: 'test-stop',
      name: 'leaving',
      runnerFor: async () => stoppable('leaving'),
      onEvent: (event) => events.push(event),
    });
    let finisher: CellWorker | undefined;
    try {
      await queue.publish(record, new Map());
      const deadline = Date.now() + 10_000;
      while (!events.some((event) => event.type === 'cell-taken') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await leaving.stop();
      expect(events.map((event) => event.type)).toEqual([
        'worker-ready',
        'cell-taken',
        'cell-requeued',
        'worker-stopped',
      ]);
      expect((await queue.status(record)).counts).toMatchObject({ queued: 1, done: 0, failed: 0 });
      finisher = await startCellWorker({
        ...onDisk,
        queue: queueUrl,
        queueName: 'test-stop',
        name: 'finisher',
        runnerFor: async () => stoppable('finisher'),
      });
      const status = await settle(queue, record);
      expect(status.counts.done).toBe(1);
      expect(seen).toEqual([
        { worker: 'leaving', stopped: true },
        { worker: 'finisher', stopped: false },
      ]);
    } finally {
      await finisher?.stop();
      await queue.close();
    }
  }, 60_000);

  it('waits and retries a cell whose run directory another process holds, never failing it', async () => {
    const record: SuiteRecord = {
      formatVersion: 1,
      key: suiteKeyOf('digest-d', suiteDir('d')),
      dir: suiteDir('d'),
      name: 'd',
      digest: 'digest-d',
      cells: plan.cells.filter((cell) => cell.id === 'alpha/forge/sim-task/sim-optimizer/seed-1'),
    };
    class HeldByAnother extends Error {}
    const queue = await SuiteQueue.open({ queue: queueUrl, queueName: 'test-held' });
    let attempts = 0;
    const events: CellWorkerEvent[] = [];
    const worker = await startCellWorker({
      ...onDisk,
      queue: queueUrl,
      queueName: 'test-held',
      name: 'patient',
      heldRetryMs: 100,
      heldElsewhere: (error) => error instanceof HeldByAnother,
      runnerFor: async () => async (cell, ceiling, context) => {
        attempts += 1;
        // The run directory's lease is someone else's twice, then free.
        if (attempts <= 2) throw new HeldByAnother('the run directory is in use');
        return fakeRunner(cell, ceiling, context);
      },
      onEvent: (event) => events.push(event),
    });
    try {
      await queue.publish(record, new Map());
      const status = await settle(queue, record);
      expect(status.counts).toMatchObject({ done: 1, failed: 0 });
      expect(attempts).toBe(3);
      expect(
        events.filter((event) => event.type === 'cell-requeued').map((event) => event.reason),
      ).toEqual(['held-elsewhere', 'held-elsewhere']);
    } finally {
      await worker.stop();
      await queue.close();
    }
  }, 60_000);

  it('names an unreachable Redis and an unknown suite in one line each', async () => {
    await expect(
      SuiteQueue.open({ queue: parseQueueUrl('redis://127.0.0.1:1'), queueName: 'x' }),
    ).rejects.toThrow(/Redis at redis:\/\/127\.0\.0\.1:1 does not answer/);
    const queue = await SuiteQueue.open({ queue: queueUrl, queueName: 'test-unknown' });
    try {
      await expect(queue.record('0123456789abcdef')).rejects.toThrow(/holds no such suite/);
    } finally {
      await queue.close();
    }
  });
});
