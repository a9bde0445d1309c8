import type {
  Context,
  Span,
  SpanContext,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
} from '@opentelemetry/api';

// What a run's trace needs of OpenTelemetry at run time, without loading `@opentelemetry/api`
// (65 modules) for Forge's own exporter: a context that carries the parent span, readable by
// any OpenTelemetry SDK, and the API's enum numbers. The API keeps a context's span under the
// global symbol below, and an SDK's tracer reads a parent only through `getValue`, so a tracer
// of yours finds the parents Forge hands it as it finds its own.

const spanKey = Symbol.for('OpenTelemetry Context Key SPAN');

/** An immutable context: every `setValue` or `deleteValue` gives a new one. */
class ValueContext implements Context {
  constructor(private readonly values: ReadonlyMap<symbol, unknown>) {}

  getValue(key: symbol): unknown {
    return this.values.get(key);
  }

  setValue(key: symbol, value: unknown): Context {
    return new ValueContext(new Map(this.values).set(key, value));
  }

  deleteValue(key: symbol): Context {
    const values = new Map(this.values);
    values.delete(key);
    return new ValueContext(values);
  }
}

/** The empty context a trace's root span starts in. */
export const rootContext: Context = new ValueContext(new Map());

/** `parent` with `span` as the span new spans start under. */
export function contextWithSpan(parent: Context, span: Span): Context {
  return parent.setValue(spanKey, span);
}

/** The span context of the span a context carries, if any. */
export function spanContextOf(context: Context): SpanContext | undefined {
  const span = context.getValue(spanKey) as Span | undefined;
  return span?.spanContext();
}

/** The API's `SpanKind` numbers. */
export const spanKind = { internal: 0 as SpanKind, client: 2 as SpanKind } as const;
/** The API's `SpanStatusCode` numbers. */
export const spanStatus = { unset: 0 as SpanStatusCode, error: 2 as SpanStatusCode } as const;
/** The API's `TraceFlags.SAMPLED`. */
export const sampled = 1 as TraceFlags;
