import type {
  Attributes,
  Context,
  Exception,
  Link,
  Span,
  SpanAttributeValue,
  SpanContext,
  SpanKind,
  SpanOptions,
  SpanStatus,
  TimeInput,
  Tracer,
} from '@opentelemetry/api';
import { sampled, spanContextOf, spanKind, spanStatus } from '../span-context.js';
import type { FinishedSpan, FinishedSpanEvent } from './finished-span.js';
import { randomId } from './span-ids.js';

/** Milliseconds since the epoch, as nanoseconds, from any of OpenTelemetry's time forms. */
export function nanosOf(time: TimeInput | undefined, now: () => number = Date.now): bigint {
  if (time === undefined) return BigInt(Math.round(now() * 1e6));
  if (time instanceof Date) return BigInt(time.getTime()) * 1_000_000n;
  if (Array.isArray(time)) return BigInt(time[0]) * 1_000_000_000n + BigInt(time[1]);
  return BigInt(Math.round(time * 1e6));
}

const isTime = (value: unknown): value is TimeInput =>
  typeof value === 'number' || value instanceof Date || Array.isArray(value);

/** A span that records what is done to it and hands itself over, finished, when it ends. */
class RecordingSpan implements Span {
  private readonly context: SpanContext;
  private spanName: string;
  private readonly attributes: Attributes;
  private readonly events: FinishedSpanEvent[] = [];
  private status: { code: number; message?: string } = { code: spanStatus.unset };
  private ended = false;

  constructor(
    name: string,
    private readonly kind: SpanKind,
    private readonly parentSpanId: string | undefined,
    traceId: string,
    private readonly startNanos: bigint,
    attributes: Attributes,
    private readonly onEnd: (span: FinishedSpan) => void,
  ) {
    this.spanName = name;
    this.attributes = { ...attributes };
    this.context = { traceId, spanId: randomId(8), traceFlags: sampled };
  }

  spanContext(): SpanContext {
    return this.context;
  }

  setAttribute(key: string, value: SpanAttributeValue): this {
    if (!this.ended) this.attributes[key] = value;
    return this;
  }

  setAttributes(attributes: Attributes): this {
    if (!this.ended) Object.assign(this.attributes, attributes);
    return this;
  }

  addEvent(name: string, attributesOrTime?: Attributes | TimeInput, time?: TimeInput): this {
    if (this.ended) return this;
    const attributes = isTime(attributesOrTime) ? {} : { ...(attributesOrTime ?? {}) };
    const when = isTime(attributesOrTime) ? attributesOrTime : time;
    this.events.push({ name, timeNanos: nanosOf(when), attributes });
    return this;
  }

  addLink(_link: Link): this {
    return this;
  }

  addLinks(_links: Link[]): this {
    return this;
  }

  setStatus(status: SpanStatus): this {
    if (!this.ended) {
      this.status = {
        code: status.code,
        ...(status.message === undefined ? {} : { message: status.message }),
      };
    }
    return this;
  }

  updateName(name: string): this {
    if (!this.ended) this.spanName = name;
    return this;
  }

  end(endTime?: TimeInput): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd({
      traceId: this.context.traceId,
      spanId: this.context.spanId,
      parentSpanId: this.parentSpanId,
      name: this.spanName,
      // OTLP numbers kinds one above the API's enum (0 is OTLP's "unspecified").
      kind: this.kind + 1,
      startNanos: this.startNanos,
      endNanos: nanosOf(endTime),
      attributes: this.attributes,
      events: this.events,
      status: this.status,
    });
  }

  isRecording(): boolean {
    return !this.ended;
  }

  recordException(exception: Exception, time?: TimeInput): void {
    const message = typeof exception === 'string' ? exception : (exception.message ?? '');
    this.addEvent('exception', { 'exception.message': message }, time);
  }
}

/**
 * A tracer of Forge's own for its OTLP exporter: spans are plain records handed to `onEnd` when
 * they end (no OpenTelemetry SDK is loaded), parented by the span in the context they start in.
 */
export class RecordingTracer implements Tracer {
  constructor(private readonly onEnd: (span: FinishedSpan) => void) {}

  startSpan(name: string, options: SpanOptions = {}, context?: Context): Span {
    const parent = context === undefined ? undefined : spanContextOf(context);
    return new RecordingSpan(
      name,
      options.kind ?? spanKind.internal,
      parent?.spanId,
      parent?.traceId ?? randomId(16),
      nanosOf(options.startTime),
      options.attributes ?? {},
      this.onEnd,
    );
  }

  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    ...rest: unknown[]
  ): ReturnType<F> {
    const callback = rest.at(-1) as F;
    const options = (rest.length > 1 ? rest[0] : undefined) as SpanOptions | undefined;
    const context = (rest.length > 2 ? rest[1] : undefined) as Context | undefined;
    return callback(this.startSpan(name, options, context)) as ReturnType<F>;
  }
}
