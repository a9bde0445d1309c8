import {
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterEach, describe, expect, it } from 'vitest';
import { openOtlpTracer } from '../open-otlp-tracer.js';
import { type CollectedSpan, type OtlpCollector, startOtlpCollector } from '../testing/index.js';

// Forge's own exporter must put on the wire what the official OpenTelemetry exporter puts there
// for the same spans: the stand-in collector decodes both, and everything but the random ids
// (names, parentage, kinds' effect, times, attributes of every value type, events, status,
// resource) must agree, in protobuf and in JSON, at the lengths where a varint grows.

function drawSpans(tracer: Tracer): void {
  const run = tracer.startSpan('optimize forge', {
    startTime: 1_700_000_000_000,
    attributes: { 'forge.seed': 3, 'forge.method': 'forge', 'forge.flag': true },
  });
  const context = trace.setSpan(ROOT_CONTEXT, run);
  const step: Span = tracer.startSpan(
    'step 1',
    { startTime: 1_700_000_000_100, attributes: { 'forge.step.score': 0.625, negative: -42 } },
    context,
  );
  const call = tracer.startSpan(
    'chat sim-task',
    {
      kind: SpanKind.CLIENT,
      startTime: 1_700_000_000_150.5,
      attributes: {
        'gen_ai.response.finish_reasons': ['stop'],
        'gen_ai.usage.input_tokens': 1234,
        'forge.cost_usd': 0.000125,
        'forge.text': 'naïve — ünïcode ✓',
        // Lengths at the edges of one- and two-byte varints, and a span past 16,383 bytes.
        'forge.edge_127': 'a'.repeat(127),
        'forge.edge_128': 'b'.repeat(128),
        'forge.short_unicode': 'é'.repeat(70),
        'forge.long': 'c'.repeat(20_000),
      },
    },
    trace.setSpan(context, step),
  );
  call.setStatus({ code: SpanStatusCode.ERROR, message: 'http 503' });
  call.end(1_700_000_000_180.25);
  step.addEvent('method-note', { note: 'accepted' }, 1_700_000_000_190);
  step.end(1_700_000_000_200);
  run.setAttributes({ 'forge.best.score': 1 });
  run.end(1_700_000_000_300);
}

/** A span as both exporters must agree on it: ids replaced by the names they point to. */
function comparable(spans: readonly CollectedSpan[]) {
  const names = new Map(spans.map((span) => [span.spanId, span.name]));
  return spans
    .map((span) => ({
      name: span.name,
      kind: span.kind,
      parent: span.parentSpanId === undefined ? undefined : names.get(span.parentSpanId),
      sameTrace: span.traceId === spans[0]?.traceId,
      startMs: span.startMs,
      endMs: span.endMs,
      attributes: span.attributes,
      events: span.events,
      status: span.status,
      resource: span.resource,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

let collector: OtlpCollector | undefined;
afterEach(async () => {
  await collector?.close();
  collector = undefined;
});

describe.each(['http/protobuf', 'http/json'] as const)('Forge OTLP exporter (%s)', (protocol) => {
  it('sends what the official OpenTelemetry exporter sends for the same spans', async () => {
    collector = await startOtlpCollector();
    const url = `${collector.url}/v1/traces`;

    const official = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'forge' }),
      spanProcessors: [
        new SimpleSpanProcessor({
          exporter:
            protocol === 'http/json' ? new JsonExporter({ url }) : new ProtobufExporter({ url }),
        }),
      ],
    });
    drawSpans(official.getTracer('@forge/telemetry'));
    await official.shutdown();
    const fromOfficial = collector.spans();
    expect(fromOfficial).toHaveLength(3);

    const before = fromOfficial.length;
    const forge = await openOtlpTracer({
      url,
      headers: {},
      protocol,
      includeContent: false,
      serviceName: 'forge',
    });
    drawSpans(forge.tracer);
    await forge.shutdown();
    const fromForge = collector.spans().slice(before);

    expect(comparable(fromForge)).toEqual(comparable(fromOfficial));
    const contentTypes = collector.exports.map((received) => received.headers['content-type']);
    expect(new Set(contentTypes).size).toBe(1);
  });
});
