/** A span as a stand-in collector received it, decoded from either OTLP encoding. */
export interface CollectedSpan {
  /** 32 hex digits. */
  readonly traceId: string;
  /** 16 hex digits. */
  readonly spanId: string;
  /** The parent's span id; absent for a root span. */
  readonly parentSpanId?: string;
  /** Span name. */
  readonly name: string;
  /** OTLP's span kind: 1 internal, 2 server, 3 client (0 when the sender left it out). */
  readonly kind: number;
  /** Start, in milliseconds since the epoch. */
  readonly startMs: number;
  /** End, in milliseconds since the epoch. */
  readonly endMs: number;
  /** Attributes by key (arrays as arrays, 64-bit integers as numbers). */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** Events, in order. */
  readonly events: readonly {
    readonly name: string;
    /** When, in milliseconds since the epoch. */
    readonly timeMs: number;
    readonly attributes: Readonly<Record<string, unknown>>;
  }[];
  /** Status: 0 unset, 1 ok, 2 error, with its message. */
  readonly status: { readonly code: number; readonly message: string };
  /** The attributes of the resource that sent it (`service.name`, …). */
  readonly resource: Readonly<Record<string, unknown>>;
}
