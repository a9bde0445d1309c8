// Load (issue 19): Forge at concurrency 256 against the simulated OpenAI-compatible server for
// 20,000 task evaluations — errors, calls in flight, and the heap sampled after forced GCs.
// Run: pnpm turbo run build --filter=@forge/cli... && pnpm --filter @forge/fault-suite load
// (node --expose-gc). The server runs in its own process (`forge sim serve`), so the heap
// measured is Forge's alone. Everything is simulated.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { optimize } from '@forge/sdk';
import { openRunDatabase, readCallRetries, readModelCalls } from '@forge/store';
import { peakCallsInFlight } from '../src/peak-calls-in-flight.js';

const evaluations = Number(process.env['LOAD_EVALUATIONS'] ?? 20_000);
const concurrency = Number(process.env['LOAD_CONCURRENCY'] ?? 256);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined)
  throw new Error('run with node --expose-gc (pnpm --filter @forge/fault-suite load)');

const cli = fileURLToPath(new URL('../../../apps/cli/dist/bin.js', import.meta.url));
const server = spawn(
  process.execPath,
  [cli, 'sim', 'serve', '--port', '0', '--latency-ms', '25', '--malformed-rate', '0.03'],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((resolve, reject) => {
  let text = '';
  server.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    const match = /server at (http:\/\/\S+\/v1)/.exec(text);
    if (match?.[1] !== undefined) resolve(match[1]);
  });
  server.on('exit', () => reject(new Error('the simulated server exited')));
});

const runDir = join(mkdtempSync(join(tmpdir(), 'forge-load-')), 'run');
const samples: { evaluations: number; heapMb: number; rssMb: number }[] = [];
let done = 0;
const sample = () => {
  gc();
  const memory = process.memoryUsage();
  samples.push({
    evaluations: done,
    heapMb: memory.heapUsed / 2 ** 20,
    rssMb: memory.rss / 2 ** 20,
  });
};
const started = performance.now();
sample();
const model = (id: string, calls: number) => ({
  model: `openai:${id}`,
  baseURL: url,
  concurrency: calls,
  timeoutMs: 60_000,
});
const result = await optimize(
  {
    benchmark: 'sim',
    benchmarkSettings: { size: { train: 600, validation: 512, test: 256 } },
    taskModel: model('task', concurrency),
    optimizerModel: model('optimizer', 16),
    concurrency,
    minibatchSize: 128,
    // A step needs up to 2·|B| + |V| = 768 evaluations: room for the last one past `evaluations`.
    budget: { maxEvaluations: evaluations + 768 },
    evaluateTest: false,
    runDir,
  },
  {
    environment: {},
    onEvent: (event) => {
      if (event.type !== 'evaluation-end') return;
      done += 1;
      if (done % 1000 === 0) sample();
    },
  },
);
const seconds = (performance.now() - started) / 1000;
sample();
server.kill('SIGTERM');

const database = openRunDatabase(runDir, { readonly: true });
const calls = readModelCalls(database).map((call) => ({
  started_at: call.startedAt,
  duration_ms: call.durationMs,
  error: call.errorJson,
  role: call.role,
}));
const recordedRetries = readCallRetries(database);
const retries = recordedRetries.length;
// Retries by kind (error kind and HTTP status), each with its first message as an example.
const retriesByKind = new Map<string, { n: number; example: string }>();
for (const retry of recordedRetries) {
  const kind = `${retry.errorKind ?? '?'}${retry.statusCode === undefined ? '' : ` ${retry.statusCode}`}`;
  const seen = retriesByKind.get(kind);
  retriesByKind.set(kind, { n: (seen?.n ?? 0) + 1, example: seen?.example ?? retry.message });
}
const retryKinds = [...retriesByKind].map(
  ([kind, row]) => `${kind} ${row.n} (e.g. ${row.example.slice(0, 200)})`,
);
database.close();
// Task calls in flight at once, from the recorded start times and durations.
const peak = peakCallsInFlight(calls.filter((call) => call.role === 'task'));

const half = samples.slice(Math.floor(samples.length / 2));
const slope = leastSquaresSlope(half.map((entry) => [entry.evaluations / 1000, entry.heapMb]));
console.log(
  `evaluations: ${result.evaluationsUsed} in ${seconds.toFixed(1)} s (${(result.evaluationsUsed / seconds).toFixed(0)}/s), ${result.steps} steps, stop: ${result.reason}`,
);
console.log(
  `model calls: ${calls.length} (task ${calls.filter((call) => call.role === 'task').length}), failed: ${calls.filter((call) => call.error !== null).length}, retries: ${retries}`,
);
if (retryKinds.length > 0) console.log(`retried: ${retryKinds.join('; ')}`);
console.log(`task calls in flight at once: peak ${peak} (limit ${concurrency})`);
console.log(
  `heap after GC (MB): start ${samples[0]?.heapMb.toFixed(1)}, at 5k ${at(5000)}, 10k ${at(10_000)}, 15k ${at(15_000)}, end ${samples.at(-1)?.heapMb.toFixed(1)}; max ${Math.max(...samples.map((entry) => entry.heapMb)).toFixed(1)}`,
);
console.log(
  `heap samples (MB, every 1000 evaluations): ${samples.map((entry) => entry.heapMb.toFixed(0)).join(' ')}`,
);
console.log(
  `heap slope over the second half: ${(slope * 1024).toFixed(1)} KB per 1000 evaluations; rss end ${samples.at(-1)?.rssMb.toFixed(0)} MB`,
);
rmSync(join(runDir, '..'), { recursive: true, force: true });

function at(evaluation: number): string {
  return samples.find((entry) => entry.evaluations >= evaluation)?.heapMb.toFixed(1) ?? '-';
}

function leastSquaresSlope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return covariance / variance;
}
