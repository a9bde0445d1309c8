import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { FinishedSpan, OtlpBatchSource } from './finished-span.js';

// An `ExportTraceServiceRequest` in OTLP/JSON: the protobuf messages' JSON mapping as the OTLP
// specification fixes it — camelCase fields, ids as hex, 64-bit numbers as decimal strings.

type JsonAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: JsonAnyValue[] } }
  | Record<string, never>;

function anyValue(value: AttributeValue | null | undefined): JsonAnyValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  }
  if (Array.isArray(value)) {
    return {
      arrayValue: {
        values: (value as readonly (string | number | boolean | null | undefined)[]).map(anyValue),
      },
    };
  }
  return {};
}

function keyValues(attributes: Attributes): { key: string; value: JsonAnyValue }[] {
  return Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, value: anyValue(value) }));
}

/** The spans as one OTLP `ExportTraceServiceRequest` in JSON (`application/json`). */
export function encodeOtlpJson(spans: readonly FinishedSpan[], source: OtlpBatchSource): string {
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: keyValues(source.resource) },
        scopeSpans: [
          {
            scope: {
              name: source.scopeName,
              ...(source.scopeVersion === undefined ? {} : { version: source.scopeVersion }),
            },
            spans: spans.map((span) => ({
              traceId: span.traceId,
              spanId: span.spanId,
              ...(span.parentSpanId === undefined ? {} : { parentSpanId: span.parentSpanId }),
              name: span.name,
              kind: span.kind,
              startTimeUnixNano: String(span.startNanos),
              endTimeUnixNano: String(span.endNanos),
              attributes: keyValues(span.attributes),
              events: span.events.map((event) => ({
                timeUnixNano: String(event.timeNanos),
                name: event.name,
                attributes: keyValues(event.attributes),
              })),
              status:
                span.status.code === 0
                  ? {}
                  : {
                      code: span.status.code,
                      ...(span.status.message === undefined
                        ? {}
                        : { message: span.status.message }),
                    },
            })),
          },
        ],
      },
    ],
  });
}
