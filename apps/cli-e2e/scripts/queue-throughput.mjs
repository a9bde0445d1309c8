#!/usr/bin/env node
// Measures a queued suite's throughput on the simulated world: cells per hour with 1, 2 and 3
// `forge worker` processes against a real redis-server and simulated OpenAI-compatible servers
// with injected latency, and the queue's overhead per cell (the coordinator's wall time not
// spent inside cells, with one worker). Everything measured here is simulated.
// Usage: node apps/cli-e2e/scripts/queue-throughput.mjs [--latency-ms 20] [--seeds 3] [--workers 1,2,3]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedisServer } from '@forge/queue/testing';
import { startSimServer } from '@forge/sim';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index < 0 ? fallback : process.argv[index + 1];
};
const latencyMs = Number(argument('--latency-ms', '20'));
const seeds = Number(argument('--seeds', '3'));
const workerCounts = argument('--workers', '1,2,3').split(',').map(Number);
const cli = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'forge-queue-throughput-'));

const redis = await startRedisServer();
const servers = await Promise.all([0, 1, 2].map(() => startSimServer({ latency: latencyMs })));
const env = {
  ...process.env,
  CI: 'true',
  OPENAI_BASE_URL: servers.map((server) => server.url).join(','),
  OPENAI_API_KEY: 'sk-simulated-throughput',
};
const config = [
  'name: throughput',
  'benchmarks: [sim]',
  'methods: [baseline, prompt-search, failure-memory, forge]',
  'taskModels: [openai:task]',
  'optimizerModels: [openai:optimizer]',
  `seeds: [${Array.from({ length: seeds }, (_, seed) => seed).join(', ')}]`,
  'budget: { maxEvaluations: 100000 }',
  '',
].join('\n');
writeFileSync(join(root, 'suite.yaml'), config);

function run(args, onLine) {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    pending += chunk.toString();
    for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.startsWith('{')) onLine?.(JSON.parse(line));
    }
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk.toString();
  });
  const done = new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 || code === null
        ? resolve()
        : reject(new Error(`forge ${args[0]} exited ${code}: ${stderr}`)),
    ),
  );
  return { child, done };
}

const rows = [];
const startLocal = performance.now();
await run(['suite', '-c', 'suite.yaml', '--dir', 'local', '--json']).done;
const localMs = performance.now() - startLocal;
let cells = 0;
for (const count of workerCounts) {
  const ready = [];
  const cellMs = [];
  const workers = Array.from({ length: count }, (_, index) => {
    let signal;
    ready.push(new Promise((resolve) => (signal = resolve)));
    return run(
      [
        'worker',
        '--queue',
        redis.url,
        '--queue-name',
        `throughput-${count}`,
        '--suite-dir',
        '.',
        '--name',
        `w${index + 1}`,
        '--json',
      ],
      (event) => {
        if (event.type === 'worker-ready') signal();
        if (event.type === 'cell-finished') cellMs.push(event.durationMs);
      },
    );
  });
  await Promise.all(ready);
  const started = performance.now();
  await run([
    'suite',
    '-c',
    'suite.yaml',
    '--dir',
    `queued-${count}`,
    '--queue',
    redis.url,
    '--queue-name',
    `throughput-${count}`,
    '--json',
  ]).done;
  const wallMs = performance.now() - started;
  for (const worker of workers) worker.child.kill('SIGTERM');
  await Promise.all(workers.map((worker) => worker.done));
  cells = cellMs.length;
  const insideMs = cellMs.reduce((total, ms) => total + ms, 0);
  rows.push({
    workers: count,
    cells,
    wallSeconds: wallMs / 1000,
    cellsPerHour: (cells / wallMs) * 3_600_000,
    overheadPerCellMs: count === 1 ? (wallMs - insideMs) / cells : null,
  });
}
const report = {
  simulated: true,
  latencyMs,
  seeds,
  cells,
  local: { wallSeconds: localMs / 1000, cellsPerHour: (cells / localMs) * 3_600_000 },
  queued: rows,
};
mkdirSync(fileURLToPath(new URL('../../../artifacts', import.meta.url)), { recursive: true });
writeFileSync(
  fileURLToPath(new URL('../../../artifacts/queue-throughput.json', import.meta.url)),
  `${JSON.stringify(report, null, 2)}\n`,
);
console.log(
  `SIMULATED world, ${latencyMs} ms injected latency per call, ${cells} cells (${seeds} rows of 4 methods)`,
);
console.log('| run | wall s | cells/hour | queue overhead per cell |');
console.log('|---|---|---|---|');
console.log(
  `| one machine (forge suite) | ${report.local.wallSeconds.toFixed(1)} | ${report.local.cellsPerHour.toFixed(0)} | – |`,
);
for (const row of rows)
  console.log(
    `| ${row.workers} worker(s) | ${row.wallSeconds.toFixed(1)} | ${row.cellsPerHour.toFixed(0)} | ${row.overheadPerCellMs === null ? '–' : `${row.overheadPerCellMs.toFixed(0)} ms`} |`,
  );
await Promise.all(servers.map((server) => server.close()));
await redis.stop();
rmSync(root, { recursive: true, force: true });
