import type { RecordedCall } from '@forge/provider';
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { RunTrace } from './run-trace.js';

// Epoch milliseconds: OpenTelemetry reads small numbers as times since the process started.
const base = 1_700_000_000_000;

function tracedRun() {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  let now = base + 1_000;
  const clock = () => now;
  const trace = new RunTrace(
    { runId: 'run-1', method: 'forge', seed: 7 },
    { tracer: provider.getTracer('test'), clock },
  );
  const call = (
    startedAt: number,
    durationMs: number,
    metadata: RecordedCall['request']['metadata'],
    cached = false,
  ): void =>
    trace.record({
      sequence: 0,
      provider: 'sim',
      modelId: 'task',
      ...(metadata?.role === undefined ? {} : { role: metadata.role }),
      sampleIndex: 0,
      request: {
        messages: [{ role: 'user', content: 'q' }],
        ...(metadata === undefined ? {} : { metadata }),
      },
      result: {
        text: 'a',
        toolCalls: [],
        finishReason: 'stop',
        usage: { inputTokens: 10, outputTokens: 2 },
        costUsd: cached ? 0 : 0.001,
        cached,
      },
      startedAt: base + startedAt,
      durationMs,
    });
  const at = (time: number) => {
    now = base + time;
  };
  const observe = (event: { readonly type: string; readonly [field: string]: unknown }) =>
    trace.observe(event);
  return { trace, observe, call, at, spans: () => exporter.getFinishedSpans() };
}

const named = (spans: readonly ReadableSpan[], name: string) =>
  spans.filter((span) => span.name === name);
const only = (spans: readonly ReadableSpan[], name: string) => {
  const found = named(spans, name);
  expect(found, name).toHaveLength(1);
  return found[0] as ReadableSpan;
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const ms = ([seconds, nanoseconds]: readonly [number, number]) =>
  Math.round(seconds * 1000 + nanoseconds / 1e6 - base);

describe('RunTrace', () => {
  it('draws each call under the step and evaluation its metadata names, whatever the order', () => {
    const { observe, call, at, spans } = tracedRun();
    // The seed's validation pass: outside any step.
    call(1_010, 20, { role: 'task', target: 'validation' });
    call(1_005, 40, { role: 'task', target: 'validation' });
    at(1_050);
    observe({
      type: 'candidate-validated',
      candidate: 0,
      parent: null,
      score: 0.5,
      improved: true,
      evaluationsUsed: 2,
    });
    at(1_100);
    observe({
      type: 'step-start',
      step: 0,
      parent: 0,
      module: 'solve',
      minibatch: ['a'],
    });
    // Concurrent calls of step 0 finish out of order; a reflection and a proposal evaluation.
    call(1_120, 30, { role: 'task', step: 0, target: 'parent' });
    call(1_110, 60, { role: 'task', step: 0, target: 'parent' });
    at(1_170);
    observe({ type: 'evaluation-end', step: 0, target: 'parent', instanceId: 'a', score: 0 });
    observe({ type: 'evaluation-end', step: 0, target: 'parent', instanceId: 'b', score: 1 });
    call(1_175, 50, { role: 'reflect', step: 0 });
    call(1_230, 10, { role: 'task', step: 0, target: 'proposal' }, true);
    at(1_250);
    observe({
      type: 'candidate-accepted',
      step: 0,
      candidate: 1,
      parent: 0,
      parentSum: 1,
      proposalSum: 2,
    });
    observe({
      type: 'candidate-validated',
      candidate: 1,
      parent: 0,
      score: 0.75,
      improved: true,
      evaluationsUsed: 8,
    });
    observe({
      type: 'method-note',
      method: 'forge',
      kind: 'tried',
      message: 'a note',
      step: 0,
    });
    at(1_300);
    observe({
      type: 'step-end',
      step: 0,
      outcome: 'accepted',
      evaluationsUsed: 8,
      bestCandidate: 1,
      bestScore: 0.75,
      candidates: 2,
    });
    // A call of step 0 that is heard after step 0 ended still goes under step 0.
    call(1_290, 20, { role: 'assign', step: 0 });
    at(1_400);
    observe({
      type: 'run-end',
      reason: 'evaluation budget',
      seedScore: 0.5,
      bestScore: 0.75,
      bestCandidate: 1,
      evaluationsUsed: 8,
      steps: 1,
      candidates: 2,
      costUsd: 0.004,
    });

    const all = spans();
    const run = only(all, 'optimize forge');
    expect(parentOf(run)).toBeUndefined();
    expect(run.attributes).toMatchObject({
      'forge.run.id': 'run-1',
      'forge.method': 'forge',
      'forge.seed': 7,
      'forge.seed.score': 0.5,
      'forge.run.stop_reason': 'evaluation budget',
      'forge.run.best_score': 0.75,
      'forge.cost_usd': 0.004,
    });
    const seed = only(all, 'evaluation validation');
    expect(parentOf(seed)).toBe(idOf(run));
    expect([ms(seed.startTime), ms(seed.endTime)]).toEqual([1_005, 1_045]);
    const step = only(all, 'step 0');
    expect(parentOf(step)).toBe(idOf(run));
    expect(step.attributes).toMatchObject({
      'forge.step': 0,
      'forge.step.module': 'solve',
      'forge.step.outcome': 'accepted',
      'forge.step.accepted': true,
      'forge.candidate.index': 1,
      'forge.candidate.score': 0.75,
      'forge.best.score': 0.75,
      // Counted when the step ended: the late assign call is not in it.
      'forge.calls': 4,
    });
    expect(step.events.map((event) => event.attributes?.['forge.note.message'])).toEqual([
      'a note',
    ]);
    expect(ms(step.startTime)).toBe(1_100);
    expect(ms(step.endTime)).toBe(1_300);
    const parent = only(all, 'evaluation parent');
    expect(parentOf(parent)).toBe(idOf(step));
    expect(parent.attributes).toMatchObject({
      'forge.activity': 'evaluation',
      'forge.evaluation.target': 'parent',
      'forge.evaluation.instances': 2,
      'forge.evaluation.mean_score': 0.5,
      'forge.calls': 2,
    });
    expect([ms(parent.startTime), ms(parent.endTime)]).toEqual([1_110, 1_170]);
    expect(parentOf(only(all, 'reflection'))).toBe(idOf(step));
    expect(only(all, 'evaluation proposal').attributes['forge.cache_hits']).toBe(1);
    expect(parentOf(only(all, 'assign'))).toBe(idOf(step));
    const chats = named(all, 'chat task');
    expect(chats).toHaveLength(7);
    for (const chat of chats) {
      const group = all.find((span) => idOf(span) === parentOf(chat)) as ReadableSpan;
      expect(group.attributes['forge.step']).toBe(chat.attributes['forge.step']);
      expect(ms(chat.startTime)).toBeGreaterThanOrEqual(ms(group.startTime));
      expect(ms(chat.endTime)).toBeLessThanOrEqual(ms(group.endTime));
    }
  });

  it('puts a synthesis event inside the step after it, and marks a failed run', () => {
    const { trace, observe, call, at, spans } = tracedRun();
    at(2_000);
    observe({ type: 'synthesis-start', event: 0, step: 3, attempts: 2, modes: [] });
    call(2_010, 30, { role: 'generate', step: 3 });
    call(2_045, 10, { role: 'verify', step: 3 });
    at(2_060);
    observe({
      type: 'synthesis-end',
      event: 0,
      attempts: 2,
      admitted: 1,
      outcomes: {},
      trainingSize: 9,
    });
    at(2_100);
    observe({
      type: 'run-end',
      reason: 'error',
      error: 'boom: key sk-abcdefghijklmnopqrstuvwx rejected',
    });
    const all = spans();
    const synthesis = only(all, 'synthesis');
    expect(synthesis.attributes).toMatchObject({
      'forge.synthesis.event': 0,
      'forge.synthesis.attempts': 2,
      'forge.synthesis.admitted': 1,
      'forge.calls': 2,
    });
    expect(parentOf(synthesis)).toBe(idOf(only(all, 'step 3')));
    const run = only(all, 'optimize forge');
    expect(run.status.code).toBe(2);
    expect(run.status.message).toBe('boom: key [REDACTED] rejected');
    // Nothing is heard after the end.
    trace.end();
    call(2_200, 1, { role: 'task' });
    expect(spans()).toHaveLength(all.length);
  });
});
