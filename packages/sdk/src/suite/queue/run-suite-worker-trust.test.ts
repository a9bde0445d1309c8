import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { suiteKeyOf } from '@forge/queue';
import { plantCellJob, plantCellResult } from '@forge/queue/testing';
import { defaultCellRunDir, pendingResult } from '@forge/suite';
import { describe, expect, it } from 'vitest';
import { openSuite } from '../open-suite.js';
import { createSuiteCellRunner } from '../suite-cell-runner.js';
import { simSuiteConfig, useSuiteQueueWorld } from './__fixtures__/suite-queue-world.js';
import type { SuiteWorkerEvent } from './queued-suite-events.js';
import { runQueuedSuite } from './run-queued-suite.js';
import { runSuiteWorker } from './run-suite-worker.js';

// Whoever can write to the queue's Redis plants jobs by hand; a real redis-server and the sdk's
// worker (simulated models: nothing is called) must refuse each, deleting and importing nothing.
const world = useSuiteQueueWorld('forge-worker-trust-');
const root = world.root;
const allowed = join(root, 'allowed');
const suiteDir = join(allowed, 'suite');
const config = simSuiteConfig('trust', ['baseline', 'forge'], 1000);

describe('runSuiteWorker with jobs planted in Redis', () => {
  it('refuses traversal ids, foreign directories and records that disagree with suite.json, deleting and importing nothing', async () => {
    const { suite } = await openSuite(config, { dir: suiteDir });
    const digest = suite.digest;
    const key = suiteKeyOf(digest, suiteDir);
    const baseline = suite.plan.cells.find((cell) => cell.method === 'baseline');
    if (baseline === undefined) throw new Error('the plan has no baseline cell');
    const recordOf = (fields: object) => ({
      formatVersion: 1,
      key,
      dir: suiteDir,
      name: 'trust',
      digest,
      cells: [baseline],
      ...fields,
    });
    // A directory outside the suite a traversal id reaches, and a module that leaves a mark.
    const victim = join(root, 'victim');
    mkdirSync(victim);
    writeFileSync(join(victim, 'keep.txt'), 'mine');
    const marker = join(root, 'imported.txt');
    const evil = join(root, 'evil.mjs');
    writeFileSync(
      evil,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\nexport default () => { throw new Error('never a model'); };\n`,
    );
    // A suite outside the allowed directory whose suite.json names that module as a provider.
    const foreign = join(root, 'foreign');
    cpSync(suiteDir, foreign, { recursive: true });
    const saved = JSON.parse(readFileSync(join(foreign, 'suite.json'), 'utf8'));
    saved.config.providers = { evil };
    saved.config.taskModels = ['evil:model'];
    writeFileSync(join(foreign, 'suite.json'), JSON.stringify(saved));

    const events: SuiteWorkerEvent[] = [];
    const stop = new AbortController();
    let rejected: (reason: string) => void = () => {};
    const worker = runSuiteWorker({
      queue: world.redisUrl,
      queueName: 'trust',
      suiteDirs: [allowed],
      name: 'guarded',
      stopSignal: stop.signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'cell-rejected') rejected(event.reason);
      },
    });
    const refusal = async (job: Parameters<typeof plantCellJob>[0]) => {
      const reason = new Promise<string>((resolve) => {
        rejected = resolve;
      });
      const id = await plantCellJob(job);
      return { id, reason: await reason };
    };
    const planted = { url: world.redisUrl, queueName: 'trust', suiteKey: key };
    try {
      const traversal = '../../../victim';
      const byId = await refusal({
        ...planted,
        cellId: traversal,
        record: recordOf({ cells: [{ ...baseline, id: traversal }] }),
      });
      expect(byId.reason).toContain('field "cellId": not a safe cell id');

      // Only the record's cell holds the traversal: the job names a real cell.
      const byRecord = await refusal({
        ...planted,
        cellId: baseline.id,
        record: recordOf({ cells: [{ ...baseline, id: '../../../victim' }, baseline] }),
      });
      expect(byRecord.reason).toMatch(/field "cells\.0\.id": not a safe cell id/);

      const foreignKey = suiteKeyOf(digest, foreign);
      const elsewhere = await refusal({
        ...planted,
        suiteKey: foreignKey,
        cellId: baseline.id,
        record: recordOf({ key: foreignKey, dir: foreign }),
      });
      expect(elsewhere.reason).toBe(
        `the suite directory ${JSON.stringify(foreign)} is not one this worker was started for (${allowed}); allow it with --suite-dir`,
      );

      const otherDigest = await refusal({
        ...planted,
        cellId: baseline.id,
        record: recordOf({ digest: 'f'.repeat(64) }),
      });
      expect(otherDigest.reason).toContain(`${suiteDir}: its suite.json holds another suite`);

      const invented = {
        ...baseline,
        id: 'sim/evil/sim-task/sim-optimizer/seed-0',
        method: 'evil',
      };
      const notPlanned = await refusal({
        ...planted,
        cellId: invented.id,
        record: recordOf({ cells: [invented] }),
      });
      expect(notPlanned.reason).toBe(
        `${suiteDir}: cell "sim/evil/sim-task/sim-optimizer/seed-0" is not in its suite.json's plan`,
      );

      const changed = await refusal({
        ...planted,
        cellId: baseline.id,
        record: recordOf({ cells: [{ ...baseline, dependsOn: [], role: 'reference' }] }),
      });
      expect(changed.reason).toContain(`differs from its suite.json's plan`);
    } finally {
      stop.abort();
      await worker;
    }
    expect(readFileSync(join(victim, 'keep.txt'), 'utf8')).toBe('mine');
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(suiteDir, 'cells'))).toBe(false);
    expect(events.filter((event) => event.type === 'cell-taken')).toEqual([]);
    expect(events.filter((event) => event.type === 'cell-rejected')).toHaveLength(6);
  }, 60_000);

  it('imports no module and trusts no endpoint a suite.json under its own directory names, unless started with trustRunModules', async () => {
    const dir = join(allowed, 'received');
    const { suite } = await openSuite(config, { dir });
    const baseline = suite.plan.cells.find((cell) => cell.method === 'baseline');
    if (baseline === undefined) throw new Error('the plan has no baseline cell');
    const key = suiteKeyOf(suite.digest, dir);
    const record = {
      formatVersion: 1,
      key,
      dir,
      name: 'trust',
      digest: suite.digest,
      cells: [baseline],
    };
    const marker = join(root, 'received-module-ran.txt');
    const planted = join(root, 'received-provider.mjs');
    writeFileSync(
      planted,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'imported');\nexport default () => { throw new Error('never a model'); };\n`,
    );
    const file = join(dir, 'suite.json');
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    const reasons: string[] = [];
    const stop = new AbortController();
    let rejected: () => void = () => {};
    const worker = runSuiteWorker({
      queue: world.redisUrl,
      queueName: 'received',
      suiteDirs: [allowed],
      name: 'careful',
      stopSignal: stop.signal,
      environment: { OPENAI_API_KEY: 'sk-this-machine' },
      onEvent: (event) => {
        if (event.type !== 'cell-rejected') return;
        reasons.push(event.reason);
        rejected();
      },
    });
    const plant = async (config: object) => {
      writeFileSync(file, JSON.stringify({ ...saved, config: { ...saved.config, ...config } }));
      const seen = new Promise<void>((resolve) => {
        rejected = resolve;
      });
      await plantCellJob({
        url: world.redisUrl,
        queueName: 'received',
        suiteKey: key,
        cellId: baseline.id,
        record,
      });
      await seen;
    };
    try {
      await plant({ providers: { planted } });
      await plant({
        taskModels: [{ model: 'openai:task', baseURL: 'http://127.0.0.1:9/v1' }],
      });
    } finally {
      stop.abort();
      await worker;
    }
    expect(reasons[0]).toContain(
      `${file}, field "providers.planted": names modules that would run as code (providers.planted ${planted}); forge worker does not import`,
    );
    expect(reasons[1]).toContain(
      `${file}: records the model endpoint "http://127.0.0.1:9/v1"; forge worker does not send`,
    );
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(dir, 'cells'))).toBe(false);
  }, 60_000);

  it('forge suite --queue writes no result a Redis writer forged beyond the plan: the reference above the cap', async () => {
    const dir = join(allowed, 'forged');
    const { suite } = await openSuite(config, { dir });
    const reference = suite.plan.cells.find((cell) => cell.role === 'reference');
    if (reference === undefined) throw new Error('the plan has no reference cell');
    const forged = {
      ...pendingResult(reference, defaultCellRunDir(reference)),
      status: 'done',
      maxEvaluations: 1000,
      evaluationsUsed: 30_000,
    };
    await plantCellResult({
      url: world.redisUrl,
      queueName: 'forged',
      suiteKey: suiteKeyOf(suite.digest, dir),
      cellId: reference.id,
      text: JSON.stringify(forged),
    });
    await expect(
      runQueuedSuite(undefined, {
        dir,
        resume: true,
        queue: world.redisUrl,
        queueName: 'forged',
        wait: false,
      }),
    ).rejects.toThrow(
      `the result of ${reference.id} claims 30000 evaluations used, above the suite's cap of 1000`,
    );
    expect(existsSync(join(dir, 'results.json'))).toBe(false);
  }, 60_000);

  it("never clears a cell's directory Forge did not make: a link out of cells/, or a stranger's files", async () => {
    const dir = join(root, 'leftovers');
    const { suite } = await openSuite(config, { dir });
    const baseline = suite.plan.cells.find((cell) => cell.method === 'baseline');
    if (baseline === undefined) throw new Error('the plan has no baseline cell');
    const runDir = join(dir, 'cells', baseline.id);
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'keep.txt'), 'mine');
    const runCell = createSuiteCellRunner({ config: suite.config, suiteDir: dir });
    const context = { runDir: `cells/${baseline.id}`, results: new Map() };

    // The row's directory is a symbolic link to a directory elsewhere.
    const row = join(dir, 'cells', baseline.benchmark);
    mkdirSync(join(dir, 'cells'), { recursive: true });
    mkdirSync(join(outside, 'baseline', 'sim-task', 'sim-optimizer', 'seed-0'), {
      recursive: true,
    });
    symlinkSync(outside, row);
    await expect(runCell(baseline, null, context)).rejects.toThrow(
      `${row}: is not a plain directory (a symbolic link or a file) inside the suite's cells/`,
    );
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(outside, 'baseline', 'sim-task'))).toBe(true);

    // The same link where no run directory is yet: the run would be written outside.
    rmSync(join(outside, 'baseline'), { recursive: true });
    await expect(runCell(baseline, null, context)).rejects.toThrow(
      `${row}: is not a plain directory (a symbolic link or a file) inside the suite's cells/; Forge writes no run directory through it`,
    );
    expect(readdirSync(outside)).toEqual(['keep.txt']);

    // A plain directory holding someone's files and no Forge run.
    rmSync(row);
    mkdirSync(runDir, { recursive: true });
    writeFileSync(join(runDir, 'notes.txt'), 'not a run');
    await expect(runCell(baseline, null, context)).rejects.toThrow(
      `${runDir}: holds no Forge run (no forge.lock, no forge.db) and was not made by Forge`,
    );
    expect(readFileSync(join(runDir, 'notes.txt'), 'utf8')).toBe('not a run');
  });
});
