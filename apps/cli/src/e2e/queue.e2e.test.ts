import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRedisServer, type TestRedisServer } from '@forge/queue/testing';
import { type SimServer, startSimServer } from '@forge/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, jsonEvents, runCli, startCli } from './run-cli.js';

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

const suiteConfig = [
  'name: queued',
  'benchmarks: [sim]',
  'methods: [baseline, prompt-search, failure-memory, forge]',
  'taskModels: [openai:task]',
  'optimizerModels: [openai:optimizer]',
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
  it('finishes after a worker is killed mid-cell: the cell resumes elsewhere and results equal one machine', async () => {
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
        ['worker', '--queue', redis.url, '--name', name, '--lock-seconds', '2', '--json'],
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
    expect(file('queued', 'tables.md')).toBe(file('local', 'tables.md'));
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

    // Re-paid calls: the queued suite asked the servers for at most the calls that were in
    // flight in the killed worker (answers it had not saved), on top of what one machine asks.
    const repaid = queuedCalls - localCalls;
    expect(repaid).toBeGreaterThanOrEqual(0);
    expect(repaid).toBeLessThanOrEqual(32);
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
    process.stderr.write(
      `queue e2e (simulated): ${localCalls} calls on one machine, ${queuedCalls} on the queue; re-paid after SIGKILL at step ${cut.step} of ${cut.cell}: ${repaid}\n`,
    );
  }, 240_000);

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
    const worker = await runCli(['worker', '--queue', redis.url, '--concurrency', '0'], { cwd });
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain('--concurrency must be a positive integer');
  }, 60_000);
});
