import type { Attributes } from '@opentelemetry/api';

/** A point in a finished span's life. */
export interface FinishedSpanEvent {
  /** Event name. */
  readonly name: string;
  /** When, in nanoseconds since the epoch. */
  readonly timeNanos: bigint;
  /** Its attributes. */
  readonly attributes: Attributes;
}

/**
 * A span once it has ended, as OTLP carries it: what Forge's own exporter queues and encodes.
 * Ids are lower-case hex (32 digits for a trace, 16 for a span).
 */
export interface FinishedSpan {
  /** The trace it belongs to. */
  readonly traceId: string;
  /** Its own id. */
  readonly spanId: string;
  /** Its parent's id; undefined for a root span. */
  readonly parentSpanId: string | undefined;
  /** Span name. */
  readonly name: string;
  /** OTLP's span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  readonly kind: number;
  /** Start, in nanoseconds since the epoch. */
  readonly startNanos: bigint;
  /** End, in nanoseconds since the epoch. */
  readonly endNanos: bigint;
  /** Its attributes. */
  readonly attributes: Attributes;
  /** Its events, in order. */
  readonly events: readonly FinishedSpanEvent[];
  /** OTLP's status: code 0 unset, 1 ok, 2 error, with a message for an error. */
  readonly status: { readonly code: number; readonly message?: string };
}

/** What every span of one export shares: the resource and the instrumentation scope. */
export interface OtlpBatchSource {
  /** Resource attributes (`service.name`, …). */
  readonly resource: Attributes;
  /** Instrumentation scope name. */
  readonly scopeName: string;
  /** Instrumentation scope version. */
  readonly scopeVersion?: string;
}
