// The cost of telemetry on a SIMULATED run: GEPA on @forge/sim's world (instant simulated
// models, so every millisecond telemetry adds shows; a real model call takes seconds). Paired
// rounds, in rotating order: telemetry off; on with an in-memory exporter; on with Forge's
// OTLP/HTTP (protobuf) exporter sending to a stand-in collector on loopback (in this process, so
// its decoding counts too). Prints each setting's median wall time, the overhead per model call and
// the ratio to the run without telemetry.
//
//   pnpm --filter @forge/telemetry bench [rounds]
import { performance } from 'node:perf_hooks';
import { runMethodInWorld } from '@forge/method/testing';
import { gepaMethod } from '@forge/method-gepa';
import { type LanguageModel, withRecorder } from '@forge/provider';
import { createSimWorld } from '@forge/sim';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { type RunTelemetry, startRunTelemetry } from '../src/index.js';
import { startOtlpCollector } from '../src/testing/index.js';

const rounds = Number(process.argv[2] ?? 7);
const budget = { maxEvaluations: 600 };
type Setting = 'off' | 'memory' | 'otlp';

const collector = await startOtlpCollector();
const endpoint = collector.url;

async function telemetryFor(setting: Setting): Promise<RunTelemetry | undefined> {
  const run = { runId: 'bench', method: 'gepa', seed: 0 };
  if (setting === 'off') return undefined;
  if (setting === 'memory') {
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    return startRunTelemetry({ run, tracer: provider.getTracer('bench') });
  }
  return startRunTelemetry({ run, settings: { exporter: 'otlp', endpoint }, environment: {} });
}

async function timedRun(setting: Setting): Promise<{ ms: number; calls: number }> {
  const world = createSimWorld({ seed: 0 });
  let calls = 0;
  const started = performance.now();
  const telemetry = await telemetryFor(setting);
  const counted = {
    record: (call: Parameters<RunTelemetry['recorder']['record']>[0]) => {
      calls += 1;
      return telemetry?.recorder.record(call);
    },
  };
  const wrap = (model: LanguageModel) => withRecorder(model, counted);
  const optimizer = world.optimizerModel;
  const traced = {
    ...world,
    taskModel: wrap(world.taskModel),
    optimizerModel:
      typeof optimizer === 'function' ? (role: string) => wrap(optimizer(role)) : wrap(optimizer),
  };
  const run = await runMethodInWorld(gepaMethod, traced, {
    budget,
    ...(telemetry === undefined ? {} : { onEvent: (event) => telemetry.observe(event) }),
  });
  telemetry?.observe({ type: 'run-end', reason: run.result.stopReason });
  await telemetry?.close();
  return { ms: performance.now() - started, calls };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const settings: Setting[] = ['off', 'memory', 'otlp'];
const times: Record<Setting, number[]> = { off: [], memory: [], otlp: [] };
const differences: Record<'memory' | 'otlp', number[]> = { memory: [], otlp: [] };
let callsPerRun = 0;
await timedRun('off'); // warm-up: module loading and JIT, not measured
await timedRun('otlp');
console.log(
  `SIMULATED: GEPA on the sim world, ${budget.maxEvaluations} evaluations, ${rounds} paired rounds`,
);
for (let round = 0; round < rounds; round++) {
  const order = settings.map((_, index) => settings[(index + round) % settings.length] as Setting);
  const measured: Partial<Record<Setting, number>> = {};
  for (const setting of order) {
    const { ms, calls } = await timedRun(setting);
    measured[setting] = ms;
    times[setting].push(ms);
    callsPerRun = calls;
  }
  differences.memory.push((measured.memory as number) - (measured.off as number));
  differences.otlp.push((measured.otlp as number) - (measured.off as number));
  process.stdout.write(
    `round ${round + 1}: off ${measured.off?.toFixed(0)} ms, in-memory ${measured.memory?.toFixed(0)} ms, OTLP ${measured.otlp?.toFixed(0)} ms\n`,
  );
}
const off = median(times.off);
console.log(`\nmodel calls per run: ${callsPerRun}`);
console.log(`telemetry off:        median ${off.toFixed(1)} ms`);
for (const setting of ['memory', 'otlp'] as const) {
  const difference = median(differences[setting]);
  console.log(
    `${setting === 'memory' ? 'in-memory exporter:' : 'OTLP to loopback:  '}   median ${median(times[setting]).toFixed(1)} ms; paired difference ${difference.toFixed(1)} ms = ${((difference / off) * 100).toFixed(1)}% of the run, ${((difference / callsPerRun) * 1000).toFixed(1)} µs per model call`,
  );
}
const bytes = collector.exports.reduce((total, received) => total + received.body.length, 0);
console.log(
  `collector received ${collector.exports.length} requests (protobuf), ${(bytes / 1024).toFixed(0)} KiB, ${collector.spans().length} spans`,
);
await collector.close();
