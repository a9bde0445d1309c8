import type { CollectedSpan } from './collected-span.js';

interface JsonKeyValue {
  readonly key: string;
  readonly value?: JsonAnyValue;
}
interface JsonAnyValue {
  readonly stringValue?: string;
  readonly boolValue?: boolean;
  readonly intValue?: number | string;
  readonly doubleValue?: number;
  readonly arrayValue?: { readonly values?: readonly JsonAnyValue[] };
}

function anyValue(value: JsonAnyValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(anyValue);
  return undefined;
}

const keyValues = (list: readonly JsonKeyValue[] | undefined) =>
  Object.fromEntries((list ?? []).map((entry) => [entry.key, anyValue(entry.value)]));

const nanosToMs = (value: unknown) => Number(BigInt(String(value ?? 0)) / 1000n) / 1000;

/** The spans of an `ExportTraceServiceRequest` in OTLP JSON (`application/json`). */
export function decodeOtlpJson(body: string): CollectedSpan[] {
  const request = JSON.parse(body) as {
    resourceSpans?: {
      resource?: { attributes?: JsonKeyValue[] };
      scopeSpans?: {
        spans?: {
          traceId: string;
          spanId: string;
          parentSpanId?: string;
          name: string;
          kind?: number;
          startTimeUnixNano: unknown;
          endTimeUnixNano: unknown;
          attributes?: JsonKeyValue[];
          events?: { name: string; timeUnixNano?: unknown; attributes?: JsonKeyValue[] }[];
          status?: { code?: number; message?: string };
        }[];
      }[];
    }[];
  };
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = keyValues(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        ...(span.parentSpanId === undefined || span.parentSpanId === ''
          ? {}
          : { parentSpanId: span.parentSpanId }),
        name: span.name,
        kind: span.kind ?? 0,
        startMs: nanosToMs(span.startTimeUnixNano),
        endMs: nanosToMs(span.endTimeUnixNano),
        attributes: keyValues(span.attributes),
        events: (span.events ?? []).map((event) => ({
          name: event.name,
          timeMs: nanosToMs(event.timeUnixNano),
          attributes: keyValues(event.attributes),
        })),
        status: { code: span.status?.code ?? 0, message: span.status?.message ?? '' },
        resource,
      })),
    );
  });
}
