import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRunTelemetry } from './start-run-telemetry.js';

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: OtlpTraces;
}
interface OtlpAttribute {
  readonly key: string;
  readonly value: Record<string, unknown>;
}
interface OtlpSpan {
  readonly name: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly attributes: readonly OtlpAttribute[];
}
interface OtlpTraces {
  readonly resourceSpans: readonly {
    readonly resource: { readonly attributes: readonly OtlpAttribute[] };
    readonly scopeSpans: readonly { readonly spans: readonly OtlpSpan[] }[];
  }[];
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A stand-in OTLP/HTTP collector on loopback: keeps every JSON export it is sent. */
async function startCollector(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const secret = 'Bearer lf-secret-0123456789abcdef';

async function simulatedTrace(endpoint: string, onWarning?: (message: string) => void) {
  const telemetry = await startRunTelemetry({
    run: { runId: 'run-otlp', method: 'gepa', seed: 3 },
    settings: { exporter: 'otlp', endpoint, headers: { Authorization: secret } },
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

describe('the OTLP/HTTP export', () => {
  it('sends the span tree as OTLP JSON to /v1/traces with the headers, never in attributes', async () => {
    const collector = await startCollector();
    const telemetry = await simulatedTrace(collector.url);
    expect(collector.received.length).toBeGreaterThan(0);
    for (const request of collector.received) {
      expect(request.path).toBe('/v1/traces');
      expect(request.headers['authorization']).toBe(secret);
    }
    const resources = collector.received.flatMap((request) => request.body.resourceSpans);
    expect(resources[0]?.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'forge' },
    });
    const spans = resources.flatMap((resource) =>
      resource.scopeSpans.flatMap((scope) => scope.spans),
    );
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
    expect(byName.get('optimize gepa')?.parentSpanId ?? '').toBe('');
    expect(byName.get('chat task')?.attributes).toContainEqual({
      key: 'gen_ai.usage.input_tokens',
      value: { intValue: 4 },
    });
    expect(JSON.stringify(collector.received.map((request) => request.body))).not.toContain(
      'lf-secret-0123456789abcdef',
    );
    expect(telemetry.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('warns once when no collector answers, and the run ends anyway', async () => {
    const closed = await startCollector();
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
    const warnings: string[] = [];
    await simulatedTrace(closed.url, (message) => warnings.push(message));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`could not export spans to ${closed.url}/v1/traces`);
    expect(warnings[0]).not.toContain('lf-secret');
  });
});
