import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedisServer, type TestRedisServer } from '@forge/queue/testing';
import { type SimServer, startSimServer } from '@forge/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, jsonEvents, runCli, startCli } from './run-cli.js';
import { suiteTablesText } from './run-contents.js';

// A suite on a real redis-server with three `forge worker` processes, one killed with SIGKILL in
// the middle of a cell, against a pool of two simulated OpenAI-compatible servers on loopback.
// Every number is simulated: no real model is called.
const root = mkdtempSync(join(tmpdir(), 'forge-queue-'));
const apiKey = `sk-forge-queue-${'q'.repeat(24)}`;
let redis: TestRedisServer;
let servers: SimServer[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
  servers = await Promise.all([0, 1].map(() => startSimServer({ latency: 1 })));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await redis?.stop();
  rmSync(root, { recursive: true, force: true });
});

// Calls in flight at once: one limiter for the task model and one shared by every optimizer
// role (the roles name the same model with the same settings). A worker runs one cell at a time,
// so at most their sum of calls is in flight when it is killed.
const taskConcurrency = 4;
const optimizerConcurrency = 2;
const suiteConfig = [
  'name: queued',
  'benchmarks: [sim]',
  'methods: [baseline, prompt-search, failure-memory, forge]',
  `taskModels: [{ model: openai:task, concurrency: ${taskConcurrency} }]`,
  `optimizerModels: [{ model: openai:optimizer, concurrency: ${optimizerConcurrency} }]`,
  'seeds: [0, 1]',
  'budget: { maxEvaluations: 100000 }',
  '',
].join('\n');

const completions = () =>
  servers.reduce((total, server) => total + server.requestCounts().completions, 0);
const environment = () => ({
  OPENAI_BASE_URL: servers.map((server) => server.url).join(','),
  OPENAI_API_KEY: apiKey,
});

interface WorkerLine {
  readonly worker: string;
  readonly at: number;
  readonly event: { type: string; [key: string]: unknown };
}

describe('forge suite --queue with three forge worker processes', () => {
  it('finishes after a worker is killed mid-cell: the cell resumes elsewhere and results equal one machine', async ({
    annotate,
  }) => {
    const cwd = join(root, 'suite');
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, 'suite.yaml'), suiteConfig);

    const before = completions();
    const local = await runCli(['suite', '-c', 'suite.yaml', '--dir', 'local', '--json'], {
      cwd,
      env: environment(),
    });
    expect(local.code, local.stderr).toBe(0);
    const localCalls = completions() - before;

    const lines: WorkerLine[] = [];
    let killed: { worker: string; cell: string; at: number; step: number } | undefined;
    const workers = new Map<string, { child: ChildProcess; done: Promise<CliResult> }>();
    const queuedStart = completions();
    for (const name of ['w1', 'w2', 'w3']) {
      const started = startCli(
        [
          'worker',
          '--queue',
          redis.url,
          '--suite-dir',
          cwd,
          '--name',
          name,
          '--lock-seconds',
          '2',
          '--json',
        ],
        {
          cwd,
          env: environment(),
          onStdoutLine: (text, child) => {
            if (!text.startsWith('{')) return;
            const event = JSON.parse(text) as WorkerLine['event'];
            lines.push({ worker: name, at: Date.now(), event });
            const inner = event['event'] as { type?: string; step?: number } | undefined;
            const cell = event['cell'] as { id?: string; role?: string } | undefined;
            // Kill the worker running a row's reference (Forge) in the middle of its search.
            if (
              killed === undefined &&
              event.type === 'cell-progress' &&
              cell?.role === 'reference' &&
              inner?.type === 'step-end' &&
              (inner.step ?? 0) >= 3
            ) {
              killed = { worker: name, cell: cell.id ?? '', at: Date.now(), step: inner.step ?? 0 };
              child.kill('SIGKILL');
            }
          },
        },
      );
      workers.set(name, started);
    }
    const coordinator = await runCli(
      ['suite', '-c', 'suite.yaml', '--dir', 'queued', '--queue', redis.url, '--json'],
      { cwd, env: environment() },
    );
    const queuedCalls = completions() - queuedStart;
    // The survivors stop on SIGTERM, their cells saved, with exit code 0.
    const survivors = [...workers].filter(([name]) => name !== killed?.worker);
    for (const [, worker] of survivors) worker.child.kill('SIGTERM');
    const exits = await Promise.all(survivors.map(([, worker]) => worker.done));
    const killedExit = await workers.get(killed?.worker ?? '')?.done;

    expect(coordinator.code, coordinator.stderr).toBe(0);
    for (const exit of exits) expect(exit.code, exit.stderr).toBe(0);
    expect(killedExit?.signal).toBe('SIGKILL');
    expect(killed).toBeDefined();
    const cut = killed as NonNullable<typeof killed>;

    // Identical to the single-machine suite: results.json byte for byte, and the tables.
    const file = (dir: string, name: string) => readFileSync(join(cwd, dir, name), 'utf8');
    expect(file('queued', 'results.json')).toBe(file('local', 'results.json'));
    // The tables, their statistics and provenance too (but for the date their cells ran).
    expect(suiteTablesText(join(cwd, 'queued'))).toBe(suiteTablesText(join(cwd, 'local')));
    const summary = jsonEvents(coordinator.stdout).at(-1);
    expect(summary).toMatchObject({ type: 'suite-summary', done: 8, failed: [] });

    // The cut cell was taken again by a survivor after the kill, and resumed from its run
    // directory — never restarted from zero.
    const retaken = lines.find(
      (line) =>
        line.event.type === 'cell-taken' && line.event['cell'] === cut.cell && line.at > cut.at,
    );
    expect(retaken?.worker).not.toBe(cut.worker);
    expect(retaken?.event['starts']).toBeGreaterThanOrEqual(2);
    const resumedStart = lines.find(
      (line) =>
        line.worker === retaken?.worker &&
        line.event.type === 'cell-progress' &&
        (line.event['cell'] as { id: string }).id === cut.cell &&
        (line.event['event'] as { type: string }).type === 'run-start',
    )?.event['event'] as { resumed: boolean; step: number; evaluationsUsed: number } | undefined;
    expect(resumedStart?.resumed).toBe(true);
    expect(resumedStart?.step).toBeGreaterThanOrEqual(cut.step);
    expect(resumedStart?.evaluationsUsed).toBeGreaterThan(0);

    // Never run twice at once, never finished twice: one finish per cell, and the cut cell's
    // only finish came from its new holder.
    const finishes = lines.filter((line) => line.event.type === 'cell-finished');
    const finishedCells = finishes.map((line) => line.event['cell'] as string);
    expect(new Set(finishedCells).size).toBe(finishedCells.length);
    expect(finishedCells).toHaveLength(8);
    expect(finishes.find((line) => line.event['cell'] === cut.cell)?.worker).toBe(retaken?.worker);

    // Re-paid calls: a resumed cell answers every call its run had saved from the run's cache,
    // so the queued suite asks the servers for more than one machine does only by the calls the
    // killed worker had not saved: those in flight (a call answered in the kill's own event-loop
    // turn counts, its cache row being written at the end of that turn). The worker ran one
    // cell, so at most the task model's limiter plus the optimizer's were in flight.
    const repaid = queuedCalls - localCalls;
    const inFlightBound = taskConcurrency + optimizerConcurrency;
    const measured = `re-paid after SIGKILL at step ${cut.step} of ${cut.cell}: ${repaid} call(s) (bound ${inFlightBound} = task concurrency ${taskConcurrency} + optimizer concurrency ${optimizerConcurrency}); ${localCalls} calls on one machine, ${queuedCalls} on the queue`;
    await annotate(measured);
    console.info(`queue e2e (simulated): ${measured}`);
    expect(repaid, measured).toBeGreaterThanOrEqual(0);
    expect(repaid, measured).toBeLessThanOrEqual(inFlightBound);
    // `forge suite status` sees the finished suite and its cut cell's second start.
    const status = await runCli(
      ['suite', 'status', '--queue', redis.url, '--dir', 'queued', '--json'],
      { cwd },
    );
    expect(status.code, status.stderr).toBe(0);
    const shown = jsonEvents(status.stdout)[0] as unknown as {
      counts: Record<string, number>;
      cells: { id: string; state: string }[];
    };
    expect(shown.counts).toMatchObject({ done: 8, failed: 0, running: 0, queued: 0 });
    expect(shown.cells.map((cell) => cell.state)).toEqual(new Array(8).fill('done'));
  }, 240_000);

  it('--no-wait returns once the cells are queued; forge suite status shows them; --resume waits for a worker and writes the results', async () => {
    const cwd = join(root, 'no-wait');
    mkdirSync(cwd, { recursive: true });
    writeFileSync(
      join(cwd, 'suite.yaml'),
      suiteConfig
        .replace('seeds: [0, 1]', 'seeds: [0]')
        .replace(
          'methods: [baseline, prompt-search, failure-memory, forge]',
          'methods: [baseline, prompt-search, forge]',
        ),
    );
    const onQueue = ['--queue', redis.url, '--queue-name', 'no-wait'];
    const queued = await runCli(
      ['suite', '-c', 'suite.yaml', '--dir', 'suite', ...onQueue, '--no-wait'],
      { cwd, env: environment() },
    );
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stderr).toContain('3 cell(s), 2 can start now');
    expect(queued.stderr).toContain('not waiting (--no-wait)');
    const statuses = () =>
      (
        JSON.parse(readFileSync(join(cwd, 'suite', 'results.json'), 'utf8')) as {
          cells: { status: string }[];
        }
      ).cells.map((cell) => cell.status);
    expect(statuses()).toEqual(['pending', 'pending', 'pending']);

    // No worker yet: the row's Forge cell and the Baseline are queued, prompt-search waits for
    // Forge's ceiling (B.4).
    const waiting = await runCli(['suite', 'status', ...onQueue, '--dir', 'suite', '--json'], {
      cwd,
    });
    expect(waiting.code, waiting.stderr).toBe(0);
    const before = jsonEvents(waiting.stdout)[0] as unknown as {
      counts: Record<string, number>;
      cells: { id: string; state: string }[];
      workers: { name: string }[];
    };
    expect(before.counts).toMatchObject({ queued: 2, waiting: 1, running: 0, done: 0, failed: 0 });
    expect(
      Object.fromEntries(before.cells.map((cell) => [cell.id.split('/')[1], cell.state])),
    ).toEqual({
      baseline: 'queued',
      'prompt-search': 'waiting',
      forge: 'queued',
    });
    expect(before.workers).toEqual([]);
    const shown = await runCli(['suite', 'status', ...onQueue, '--dir', 'suite'], { cwd });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      '2 queued, 0 running, 0 done, 0 failed, 1 waiting for a dependency',
    );
    expect(shown.stdout).toContain('workers: none connected');

    // A worker runs the cells; the same command with --resume waits and writes the results.
    const worker = startCli(
      ['worker', ...onQueue, '--suite-dir', '.', '--name', 'solo', '--lock-seconds', '2'],
      {
        cwd,
        env: environment(),
      },
    );
    const collected = await runCli(
      ['suite', '-c', 'suite.yaml', '--dir', 'suite', ...onQueue, '--resume', '--json'],
      { cwd, env: environment() },
    );
    const finished = await runCli(['suite', 'status', ...onQueue, '--dir', 'suite', '--json'], {
      cwd,
    });
    worker.child.kill('SIGTERM');
    const stopped = await worker.done;
    expect(collected.code, collected.stderr).toBe(0);
    expect(jsonEvents(collected.stdout).at(-1)).toMatchObject({
      type: 'suite-summary',
      done: 3,
      failed: [],
    });
    expect(statuses()).toEqual(['done', 'done', 'done']);
    const after = jsonEvents(finished.stdout)[0] as unknown as {
      counts: Record<string, number>;
      workers: { name: string }[];
    };
    expect(after.counts).toMatchObject({ queued: 0, waiting: 0, running: 0, done: 3, failed: 0 });
    expect(after.workers.map((connected) => connected.name)).toEqual(['solo']);
    expect(stopped.code, stopped.stderr).toBe(0);
  }, 180_000);

  it('names a bad queue URL (exit 2) and an unreachable Redis (exit 3) in one line, touching nothing', async () => {
    const cwd = join(root, 'errors');
    mkdirSync(cwd, { recursive: true });
    writeFileSync(join(cwd, 'suite.yaml'), suiteConfig);
    const bad = await runCli(
      ['suite', '-c', 'suite.yaml', '--dir', 'nowhere', '--queue', 'http://user:s3cret@host:1'],
      { cwd, env: environment() },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--queue: http://host:1 is not a Redis URL');
    expect(bad.stderr).not.toContain('s3cret');
    const down = await runCli(
      ['suite', '-c', 'suite.yaml', '--dir', 'nowhere', '--queue', 'redis://127.0.0.1:1'],
      { cwd, env: environment() },
    );
    expect(down.code).toBe(3);
    expect(down.stderr).toContain('Redis at redis://127.0.0.1:1 does not answer');
    expect(down.stderr).not.toContain('    at ');
    expect(existsSync(join(cwd, 'nowhere'))).toBe(false);
    const worker = await runCli(
      ['worker', '--queue', redis.url, '--suite-dir', '.', '--concurrency', '0'],
      { cwd },
    );
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain('--concurrency must be a positive integer');
    // A worker allowed no suite directory would obey any directory Redis names: refused.
    const unbound = await runCli(['worker', '--queue', redis.url], { cwd });
    expect(unbound.code).toBe(2);
    expect(unbound.stderr).toContain('--suite-dir: name the suite directories this worker may run');
    expect(unbound.stderr).not.toContain('    at ');
  }, 60_000);
});
