import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readModelCalls } from '@forge/store';
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { optimize } from './optimize.js';

const root = mkdtempSync(join(tmpdir(), 'forge-optimize-telemetry-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const simConfig = (runDir: string, maxEvaluations: number) => ({
  benchmark: 'sim',
  taskModel: 'sim:task',
  optimizerModel: 'sim:optimizer',
  budget: { maxEvaluations },
  subset: { test: 4 },
  runDir,
});

/** The spans of one simulated run of `method`, made with a tracer the caller owns. */
async function tracedRun(method: string, maxEvaluations: number) {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const runDir = join(root, method);
  const result = await optimize(
    { ...simConfig(runDir, maxEvaluations), method },
    { tracer: provider.getTracer('test') },
  );
  const database = new Database(join(runDir, 'forge.db'), { readonly: true });
  const calls = readModelCalls(database).length;
  database.close();
  await provider.forceFlush();
  return { result, spans: exporter.getFinishedSpans(), calls };
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe.each([
  ['forge', 300],
  ['prompt-search', 200],
  ['gepa', 200],
  ['gepa-merge', 250],
  ['ace', 150],
  ['mipro', 200],
])('a simulated %s run with a tracer', (method, maxEvaluations) => {
  it('yields run → step → activity → chat spans, every model call once, in bounds', async () => {
    const { result, spans, calls } = await tracedRun(method, maxEvaluations);
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);

    const roots = spans.filter((span) => parentOf(span) === undefined);
    expect(roots.map((span) => span.name)).toEqual([`optimize ${method}`]);
    const run = roots[0] as ReadableSpan;
    expect(run.attributes).toMatchObject({
      'forge.method': method,
      'forge.seed': 0,
      'forge.run.id': method,
      'forge.benchmark': 'sim',
      'forge.simulated': true,
      'forge.model.task': 'sim:task',
      'forge.run.stop_reason': result.reason,
      'forge.run.best_score': result.bestScore,
      'forge.run.seed_score': result.seedScore,
      'forge.run.evaluations_used': result.evaluationsUsed,
    });

    // One span per step the method reported, each a child of the run, with its outcome; work
    // an event names with a step that never ran (ACE's last validation pass) gets an open one.
    const steps = spans.filter((span) => /^step \d+$/.test(span.name));
    const ended = steps.filter((span) => span.attributes['forge.step.outcome'] !== undefined);
    expect(
      ended.map((span) => span.attributes['forge.step']).sort((a, b) => Number(a) - Number(b)),
    ).toEqual(Array.from({ length: result.steps }, (_, index) => index));
    for (const step of steps) {
      expect(parentOf(step)).toBe(run.spanContext().spanId);
      if (!ended.includes(step))
        expect(step.attributes['forge.step']).toBeGreaterThanOrEqual(result.steps);
    }
    for (const step of ended) expect(typeof step.attributes['forge.step.accepted']).toBe('boolean');
    expect(ended.some((step) => step.attributes['forge.step.accepted'] === true)).toBe(true);

    // Every model call the run recorded is one chat span, under an activity span of its step.
    const chats = spans.filter((span) => span.name.startsWith('chat '));
    expect(chats.length).toBe(calls);
    for (const chat of chats) {
      expect(chat.attributes['gen_ai.operation.name']).toBe('chat');
      expect(chat.attributes['gen_ai.provider.name']).toBe('sim');
      expect(typeof chat.attributes['gen_ai.usage.input_tokens']).toBe('number');
      expect(typeof chat.attributes['forge.cost_usd']).toBe('number');
      expect(typeof chat.attributes['forge.cache_hit']).toBe('boolean');
      expect(chat.attributes['gen_ai.input.messages']).toBeUndefined();
      const activity = byId.get(parentOf(chat) ?? '') as ReadableSpan;
      expect(activity).toBeDefined();
      const owner = byId.get(parentOf(activity) ?? '') as ReadableSpan;
      const step = chat.attributes['forge.step'];
      if (step === undefined) expect(owner).toBe(run);
      else expect(owner.name).toBe(`step ${step}`);
      const role = chat.attributes['forge.role'];
      const target = chat.attributes['forge.evaluation.target'];
      if (target !== undefined) expect(activity.name).toBe(`evaluation ${target}`);
      else if (role === 'reflect') expect(activity.name).toBe('reflection');
      else if (role === 'generate' || role === 'verify') expect(activity.name).toBe('synthesis');
      else expect(activity.name).toBe(role);
      // A parent's bounds hold its children.
      for (const [child, parent] of [
        [chat, activity],
        [activity, owner],
      ] as const) {
        expect(toMs(child.startTime)).toBeGreaterThanOrEqual(toMs(parent.startTime));
        expect(toMs(child.endTime)).toBeLessThanOrEqual(toMs(parent.endTime));
      }
    }
    // Task calls of steps carry the target they evaluate; the test split's are outside steps.
    const stepped = chats.filter((chat) => chat.attributes['forge.step'] !== undefined);
    expect(stepped.length).toBeGreaterThan(0);
    expect(
      chats.filter((chat) => chat.attributes['forge.evaluation.target'] === 'test').length,
    ).toBeGreaterThan(0);
  }, 60_000);
});

function toMs([seconds, nanoseconds]: readonly [number, number]): number {
  return seconds * 1000 + nanoseconds / 1e6;
}

describe('a telemetry block', () => {
  it('with a bad endpoint is refused before anything is written, naming the field', async () => {
    const runDir = join(root, 'bad-endpoint');
    await expect(
      optimize({
        ...simConfig(runDir, 100),
        telemetry: { exporter: 'otlp', endpoint: 'ftp://collector:4318' },
      }),
    ).rejects.toThrow(/telemetry\.endpoint.*http/);
    expect(existsSync(runDir)).toBe(false);
  });
});
