#!/usr/bin/env node
// What `--otel` costs a whole `forge optimize` run from the shell (issue 34's target: under 5%
// of a SIMULATED run's wall time). The simulated world, 400 evaluations, no test pass; paired
// rounds in alternating order: without telemetry, and with OTLP/HTTP protobuf export to a
// collector stand-in in another process (it reads each export and answers 200). Each run is a
// fresh `node` process, so loading the exporter counts. Everything measured here is simulated.
// Usage: node apps/cli-e2e/scripts/measure-otel-overhead.mjs [rounds]   (default 15)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const rounds = Number(process.argv[2] ?? 15);
const cli = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'forge-otel-overhead-'));

const collectorProgram = `
  const http = require('node:http');
  const server = http.createServer((request, response) => {
    request.on('data', () => {});
    request.on('end', () => { response.writeHead(200, { 'content-type': 'application/x-protobuf' }); response.end(); });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;
const collector = spawn(process.execPath, ['-e', collectorProgram], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise((resolve) =>
  collector.stdout.once('data', (chunk) => resolve(chunk.toString().trim())),
);

let runs = 0;
function timedRun(otel) {
  runs += 1;
  const args = [
    cli,
    'optimize',
    ...['-b', 'sim', '-t', 'sim:task', '-o', 'sim:optimizer', '--budget', '400', '--no-test'],
    ...['--run-dir', join(root, `run-${runs}`)],
    ...(otel ? ['--otel', `http://127.0.0.1:${port}`] : []),
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`forge optimize exited ${code}: ${stderr}`));
      else resolve(performance.now() - started);
    }),
  );
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

try {
  await timedRun(false); // warm-up: the file system's cache
  await timedRun(true);
  console.log(
    `SIMULATED: forge optimize on the sim world, 400 evaluations, ${rounds} paired rounds`,
  );
  const off = [];
  const differences = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [false, true] : [true, false];
    const measured = {};
    for (const otel of order) measured[otel] = await timedRun(otel);
    off.push(measured.false);
    differences.push(measured.true - measured.false);
    console.log(
      `round ${round + 1}: off ${measured.false.toFixed(0)} ms, --otel ${measured.true.toFixed(0)} ms`,
    );
  }
  const base = median(off);
  const difference = median(differences);
  console.log(`\nwithout telemetry: median ${base.toFixed(0)} ms`);
  console.log(
    `paired difference: median ${difference.toFixed(0)} ms = ${((difference / base) * 100).toFixed(1)}% of the run`,
  );
} finally {
  collector.kill();
  rmSync(root, { recursive: true, force: true });
}
