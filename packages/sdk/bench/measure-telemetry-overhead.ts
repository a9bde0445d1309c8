// What OpenTelemetry export costs a whole SIMULATED run (issue 34's target: under 5% of its wall
// time). Forge on the simulated world through `optimize()` — the same run `forge optimize` makes:
// SQLite store, call log, cache, report data — in paired rounds, in alternating order: telemetry
// off, and telemetry on exporting OTLP/HTTP protobuf to a collector stand-in in ANOTHER process
// (a real collector decodes on its own machine; this one reads each request and answers 200).
// Prints each round and the median paired difference as a share of the run.
//
//   pnpm --filter @forge/sdk bench:telemetry [rounds]   (default 9; about 2 s per run when quiet)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { optimize } from '../src/run/optimize.js';

const rounds = Number(process.argv[2] ?? 9);
const maxEvaluations = 400;
const root = mkdtempSync(join(tmpdir(), 'forge-telemetry-bench-'));

/** A collector stand-in in a child process: reads each export whole, answers 200, counts bytes. */
async function startCollectorProcess(): Promise<{ url: string; stop: () => void }> {
  const program = `
    const http = require('node:http');
    const server = http.createServer((request, response) => {
      request.on('data', () => {});
      request.on('end', () => { response.writeHead(200, { 'content-type': 'application/x-protobuf' }); response.end(); });
    });
    server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
  `;
  const child = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
    child.once('exit', (code) => reject(new Error(`the collector stand-in exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

const collector = await startCollectorProcess();
let runs = 0;

async function timedRun(telemetry: boolean): Promise<{ ms: number }> {
  runs += 1;
  const started = performance.now();
  await optimize(
    {
      benchmark: 'sim',
      taskModel: 'sim:task',
      optimizerModel: 'sim:optimizer',
      budget: { maxEvaluations },
      runDir: join(root, `run-${runs}`),
      ...(telemetry ? { telemetry: { exporter: 'otlp' as const, endpoint: collector.url } } : {}),
    },
    { environment: {} },
  );
  return { ms: performance.now() - started };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

try {
  await timedRun(false); // warm-up: module loading and JIT, not measured
  await timedRun(true);
  console.log(
    `SIMULATED: Forge on the sim world through optimize(), ${maxEvaluations} evaluations, ${rounds} paired rounds`,
  );
  const off: number[] = [];
  const on: number[] = [];
  const differences: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [false, true] : [true, false];
    const measured: Record<string, number> = {};
    for (const telemetry of order) measured[String(telemetry)] = (await timedRun(telemetry)).ms;
    const [without, withTelemetry] = [measured['false'] as number, measured['true'] as number];
    off.push(without);
    on.push(withTelemetry);
    differences.push(withTelemetry - without);
    console.log(
      `round ${round + 1}: off ${without.toFixed(0)} ms, OTLP ${withTelemetry.toFixed(0)} ms`,
    );
  }
  const base = median(off);
  const difference = median(differences);
  console.log(`\ntelemetry off: median ${base.toFixed(0)} ms`);
  console.log(`OTLP export:   median ${median(on).toFixed(0)} ms`);
  console.log(
    `paired difference: median ${difference.toFixed(0)} ms = ${((difference / base) * 100).toFixed(1)}% of the run (differences ${differences.map((value) => value.toFixed(0)).join(', ')} ms)`,
  );
} finally {
  collector.stop();
  rmSync(root, { recursive: true, force: true });
}
