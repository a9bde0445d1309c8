import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CellRunner,
  defaultCellRunDir,
  pendingResult,
  planSuite,
  type SuiteCell,
  type SuiteCellResult,
} from '@forge/suite';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCellWorker } from './cell-worker.js';
import { SuiteQueueError } from './queue-error.js';
import { parseQueueUrl, type QueueUrl } from './queue-url.js';
import { SuiteQueue } from './suite-queue.js';
import { suiteKeyOf, suiteResultsKey } from './suite-queue-keys.js';
import type { SuiteRecord } from './suite-record.js';
import { plantCellJob } from './testing/planted-job.js';
import { startRedisServer, type TestRedisServer } from './testing/redis-server.js';

// Whoever can write to the queue's Redis writes cell results by hand: a real redis-server, a
// worker whose suite on disk caps every cell at 300 evaluations, and a runner that only notes
// what it was asked to run. Nothing planted may reach it.
let redis: TestRedisServer;
let queueUrl: QueueUrl;
const root = realpathSync(mkdtempSync(join(tmpdir(), 'forge-planted-results-')));
beforeAll(async () => {
  redis = await startRedisServer();
  queueUrl = parseQueueUrl(redis.url);
});
afterAll(async () => {
  await redis?.stop();
  rmSync(root, { recursive: true, force: true });
});

const cap = 300;
const plan = planSuite({
  benchmarks: ['alpha'],
  methods: ['prompt-search', 'forge'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0],
  alignment: { reference: 'forge', controls: ['baseline'] },
});
const reference = plan.cells.find((cell) => cell.role === 'reference') as SuiteCell;
const aligned = plan.cells.find((cell) => cell.role === 'aligned') as SuiteCell;
const record: SuiteRecord = {
  formatVersion: 1,
  key: suiteKeyOf('digest-planted', root),
  dir: root,
  name: 'planted',
  digest: 'digest-planted',
  cells: plan.cells,
};
const honestReference: SuiteCellResult = {
  ...pendingResult(reference, defaultCellRunDir(reference)),
  status: 'done',
  maxEvaluations: cap,
  evaluationsUsed: 290,
  simulated: true,
};

/** Writes the reference's result straight to Redis and offers the aligned cell to a worker. */
async function offerAfter(
  queueName: string,
  referenceText: string,
): Promise<{ reason: string; ran: string[] }> {
  const ran: string[] = [];
  const runner: CellRunner = async (cell, ceiling) => {
    ran.push(`${cell.id} under ${ceiling}`);
    return { ...pendingResult(cell, defaultCellRunDir(cell)), status: 'done' };
  };
  let rejected: (reason: string) => void = () => {};
  const reason = new Promise<string>((resolve) => {
    rejected = resolve;
  });
  const worker = await startCellWorker({
    queue: queueUrl,
    queueName,
    suiteDirs: [root],
    readSuite: async () => ({ digest: record.digest, cells: plan.cells, maxEvaluations: cap }),
    runnerFor: async () => runner,
    onEvent: (event) => {
      if (event.type === 'cell-rejected') rejected(event.reason);
    },
  });
  const writer = new Redis(redis.url);
  try {
    await writer.hset(suiteResultsKey(queueName, record.key), reference.id, referenceText);
    await plantCellJob({
      url: redis.url,
      queueName,
      suiteKey: record.key,
      cellId: aligned.id,
      record,
    });
    return { reason: await reason, ran };
  } finally {
    writer.disconnect();
    await worker.stop();
  }
}

describe('cell results planted in Redis', () => {
  it("a reference claiming more evaluations than the suite's cap widens no budget: refused, nothing run", async () => {
    const forged = { ...honestReference, evaluationsUsed: 3000 };
    const { reason, ran } = await offerAfter('planted-budget', JSON.stringify(forged));
    expect(reason).toBe(
      `redis://127.0.0.1:${redis.port}: the result of ${reference.id} claims 3000 evaluations used, above the suite's cap of 300: a reference cell never spends past it, and its count would become its row's ceiling`,
    );
    expect(ran).toEqual([]);
  }, 30_000);

  it('a result whose fields are not its cell is refused, naming the field', async () => {
    const forged = { ...honestReference, method: 'baseline', maxEvaluations: 3000 };
    const { reason, ran } = await offerAfter('planted-identity', JSON.stringify(forged));
    expect(reason).toContain(
      `the result of ${reference.id} says method "baseline", but the plan's cell has "forge"`,
    );
    expect(ran).toEqual([]);
  }, 30_000);

  it('a result nested 20,000 levels deep is refused by name, by the worker and by the status', async () => {
    const deep = `{"notes":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const { reason, ran } = await offerAfter('planted-deep', deep);
    expect(reason).toContain(
      `the result of cell "${reference.id}" nests more than 100 levels deep`,
    );
    expect(ran).toEqual([]);
    const queue = await SuiteQueue.open({ queue: queueUrl, queueName: 'planted-deep' });
    try {
      const error = await queue.status(record).catch((caught: unknown) => caught);
      expect(SuiteQueueError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('nests more than 100 levels deep');
      expect((error as Error).message).not.toContain('call stack');
    } finally {
      await queue.close();
    }
  }, 30_000);

  it('an honest reference lets the aligned cell run under its count', async () => {
    const ran: string[] = [];
    const queueName = 'planted-honest';
    const worker = await startCellWorker({
      queue: queueUrl,
      queueName,
      suiteDirs: [root],
      readSuite: async () => ({ digest: record.digest, cells: plan.cells, maxEvaluations: cap }),
      runnerFor: async () => async (cell, ceiling) => {
        ran.push(`${cell.id} under ${ceiling}`);
        return { ...pendingResult(cell, defaultCellRunDir(cell)), status: 'done' };
      },
    });
    const writer = new Redis(redis.url);
    try {
      await writer.hset(
        suiteResultsKey(queueName, record.key),
        reference.id,
        JSON.stringify(honestReference),
      );
      const queue = await SuiteQueue.open({ queue: queueUrl, queueName });
      try {
        await queue.publish(record, new Map());
        for (let tries = 0; ran.length === 0 && tries < 200; tries++)
          await new Promise((resolve) => setTimeout(resolve, 25));
      } finally {
        await queue.close();
      }
    } finally {
      writer.disconnect();
      await worker.stop();
    }
    expect(ran).toEqual([`${aligned.id} under 290`]);
  }, 30_000);
});
