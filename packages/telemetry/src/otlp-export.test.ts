import { afterEach, describe, expect, it } from 'vitest';
import { startRunTelemetry } from './start-run-telemetry.js';
import type { OtlpProtocol } from './telemetry-settings.js';
import { type OtlpCollector, startOtlpCollector } from './testing/otlp-collector.js';

const collectors: OtlpCollector[] = [];
afterEach(async () => {
  for (const collector of collectors.splice(0)) await collector.close();
});

const secret = 'Bearer lf-secret-0123456789abcdef';

async function simulatedTrace(
  endpoint: string,
  protocol: OtlpProtocol,
  onWarning?: (message: string) => void,
) {
  const telemetry = await startRunTelemetry({
    run: { runId: 'run-otlp', method: 'gepa', seed: 3 },
    settings: { exporter: 'otlp', endpoint, protocol, headers: { Authorization: secret } },
    environment: {},
    ...(onWarning === undefined ? {} : { onWarning }),
    shutdownDeadlineMs: 1500,
  });
  const now = Date.now();
  telemetry.recorder.record({
    sequence: 0,
    provider: 'sim',
    modelId: 'task',
    role: 'task',
    sampleIndex: 0,
    request: {
      messages: [{ role: 'user', content: 'q' }],
      metadata: { role: 'task', step: 0, target: 'parent' },
    },
    result: {
      text: 'a',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 4, outputTokens: 1 },
      costUsd: 0.25,
    },
    startedAt: now - 5,
    durationMs: 3,
  });
  telemetry.observe({
    type: 'step-end',
    step: 0,
    outcome: 'rejected',
    evaluationsUsed: 6,
    bestCandidate: 0,
    bestScore: 0.5,
    candidates: 1,
  } as never);
  telemetry.observe({ type: 'run-end', reason: 'evaluation budget', bestScore: 0.5 } as never);
  await telemetry.close();
  return telemetry;
}

describe.each(['http/protobuf', 'http/json'] as const)('the OTLP export in %s', (protocol) => {
  it('sends the span tree to /v1/traces with the headers, never in attributes', async () => {
    const collector = await startOtlpCollector();
    collectors.push(collector);
    const telemetry = await simulatedTrace(collector.url, protocol);
    expect(collector.exports.length).toBeGreaterThan(0);
    for (const received of collector.exports) {
      expect(received.path).toBe('/v1/traces');
      expect(received.headers['authorization']).toBe(secret);
      expect(received.headers['content-type']).toBe(
        protocol === 'http/json' ? 'application/json' : 'application/x-protobuf',
      );
      expect(received.body.toString('latin1')).not.toContain('lf-secret-0123456789abcdef');
    }
    const spans = collector.spans();
    const byName = new Map(spans.map((span) => [span.name, span]));
    expect([...byName.keys()].sort()).toEqual([
      'chat task',
      'evaluation parent',
      'optimize gepa',
      'step 0',
    ]);
    const parentName = (name: string) =>
      spans.find((span) => span.spanId === byName.get(name)?.parentSpanId)?.name;
    expect(parentName('chat task')).toBe('evaluation parent');
    expect(parentName('evaluation parent')).toBe('step 0');
    expect(parentName('step 0')).toBe('optimize gepa');
    expect(byName.get('optimize gepa')?.parentSpanId).toBeUndefined();
    expect(byName.get('optimize gepa')?.traceId).toBe(telemetry.traceId);
    expect(byName.get('optimize gepa')?.resource['service.name']).toBe('forge');
    expect(byName.get('chat task')?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.usage.input_tokens': 4,
      'gen_ai.response.finish_reasons': ['stop'],
      'forge.cost_usd': 0.25,
      'forge.cache_hit': false,
      'forge.step': 0,
    });
    expect(byName.get('step 0')?.attributes).toMatchObject({
      'forge.step.outcome': 'rejected',
      'forge.step.accepted': false,
    });
  });

  it('warns once when no collector answers, and the run ends anyway', async () => {
    const closed = await startOtlpCollector();
    await closed.close();
    const warnings: string[] = [];
    await simulatedTrace(closed.url, protocol, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`could not export spans to ${closed.url}/v1/traces`);
    expect(warnings[0]).not.toContain('lf-secret');
  });
});
