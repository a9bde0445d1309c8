import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireLease, leaseFileName } from '@forge/store';
import { describe, expect, it } from 'vitest';
import { runSuite } from '../run-suite.js';
import { simSuiteConfig, useSuiteQueueWorld } from './__fixtures__/suite-queue-world.js';
import type { SuiteWorkerEvent } from './queued-suite-events.js';
import { queuedSuiteStatus } from './queued-suite-status.js';
import { runQueuedSuite } from './run-queued-suite.js';
import { runSuiteWorker } from './run-suite-worker.js';

// A queued suite on the offline simulated world, a real redis-server and an in-process worker:
// every number here is simulated.
const world = useSuiteQueueWorld('forge-queued-suite-');
const root = world.root;
const config = simSuiteConfig('queued-sim', ['baseline', 'prompt-search', 'forge'], 100_000);

describe('runQueuedSuite with runSuiteWorker', () => {
  it('waits while the run lease of a cell is held elsewhere, then ends with the local results', async () => {
    const local = await runSuite(config, { dir: join(root, 'local') });
    const dir = join(root, 'queued');
    // Someone else (alive: this very process, under another description) writes the Forge
    // cell's run directory when the suite starts.
    const forgeRunDir = join(dir, 'cells/sim/forge/sim-task/sim-optimizer/seed-0');
    mkdirSync(forgeRunDir, { recursive: true });
    const lease = acquireLease(join(forgeRunDir, leaseFileName), {
      description: 'a test holding the run',
    });
    const events: SuiteWorkerEvent[] = [];
    const stop = new AbortController();
    const worker = runSuiteWorker({
      queue: world.redisUrl,
      suiteDirs: [root],
      queueName: 'sdk-lease',
      name: 'only',
      stopSignal: stop.signal,
      onEvent: (event) => {
        events.push(event);
        // Let go once the worker has been refused and sent the cell back to wait.
        if (event.type === 'cell-requeued') lease.release();
      },
    });
    try {
      const queued = await runQueuedSuite(config, {
        dir,
        queue: world.redisUrl,
        queueName: 'sdk-lease',
        pollMs: 100,
      });
      expect(queued.settled).toBe(true);
      expect(readFileSync(join(dir, 'results.json'), 'utf8')).toBe(
        readFileSync(join(local.dir, 'results.json'), 'utf8'),
      );
      const requeued = events.filter((event) => event.type === 'cell-requeued');
      expect(requeued).toEqual([
        {
          type: 'cell-requeued',
          worker: 'only',
          cell: 'sim/forge/sim-task/sim-optimizer/seed-0',
          reason: 'held-elsewhere',
        },
      ]);
      const status = await queuedSuiteStatus({
        dir,
        queue: world.redisUrl,
        queueName: 'sdk-lease',
      });
      expect(status.counts).toMatchObject({ done: 3, failed: 0 });
      expect(status.workers.map((entry) => entry.name)).toEqual(['only']);
    } finally {
      stop.abort();
      await worker;
    }
  }, 120_000);

  it('runs GEPA, ACE and MIPROv2 cells without a listener warning, crediting each queued cell to the cell it waited for', async () => {
    // A small budget Forge runs under rather than to completion, so its row is not refused.
    const peers = {
      ...simSuiteConfig('queued-peers', ['forge', 'gepa', 'ace', 'mipro'], 150),
      budget: { maxEvaluations: 150, stopAtCompletion: false },
    };
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    const events: SuiteWorkerEvent[] = [];
    const stop = new AbortController();
    const abort = new AbortController();
    const worker = runSuiteWorker({
      queue: world.redisUrl,
      queueName: 'sdk-peers',
      suiteDirs: [root],
      name: 'peers',
      concurrency: 2,
      stopSignal: stop.signal,
      abortSignal: abort.signal,
      onEvent: (event) => events.push(event),
    });
    try {
      const queued = await runQueuedSuite(peers, {
        dir: join(root, 'peers'),
        queue: world.redisUrl,
        queueName: 'sdk-peers',
        pollMs: 100,
      });
      expect(queued.settled).toBe(true);
      // Node reports a listener warning on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.includes('MaxListeners'))).toEqual([]);
      const finished = new Map(
        events.flatMap((event) =>
          event.type === 'cell-finished' ? [[event.cell, [...event.enqueued].sort()] as const] : [],
        ),
      );
      const cell = (method: string) => `sim/${method}/sim-task/sim-optimizer/seed-0`;
      expect(finished.get(cell('forge'))).toEqual([cell('ace'), cell('gepa'), cell('mipro')]);
      for (const method of ['gepa', 'ace', 'mipro']) expect(finished.get(cell(method))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      stop.abort();
      await worker;
    }
  }, 120_000);
});
