import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { FinishedSpan, FinishedSpanEvent, OtlpBatchSource } from './finished-span.js';

// An `ExportTraceServiceRequest` in protobuf, written by hand for the few messages a trace
// export needs (opentelemetry/proto collector/trace/v1, trace/v1, common/v1 and resource/v1;
// field numbers as those .proto files give them), so `--otel` loads no protobuf library.

const varintType = 0;
const fixed64Type = 1;
const lengthType = 2;

/** Bytes of one message, appended field by field. */
class MessageWriter {
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  get length(): number {
    return this.size;
  }

  private push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.size += bytes.length;
  }

  private key(field: number, wireType: number): void {
    this.push(varintBytes(BigInt((field << 3) | wireType)));
  }

  varint(field: number, value: bigint): void {
    this.key(field, varintType);
    this.push(varintBytes(BigInt.asUintN(64, value)));
  }

  fixed64(field: number, value: bigint): void {
    this.key(field, fixed64Type);
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(BigInt.asUintN(64, value));
    this.push(bytes);
  }

  double(field: number, value: number): void {
    this.key(field, fixed64Type);
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleLE(value);
    this.push(bytes);
  }

  bytes(field: number, value: Uint8Array): void {
    this.key(field, lengthType);
    this.push(varintBytes(BigInt(value.length)));
    this.push(value);
  }

  string(field: number, value: string): void {
    this.bytes(field, Buffer.from(value, 'utf8'));
  }

  message(field: number, message: MessageWriter): void {
    this.bytes(field, message.finish());
  }

  finish(): Uint8Array {
    return Buffer.concat(this.parts, this.size);
  }
}

function varintBytes(value: bigint): Uint8Array {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0x7fn) {
    bytes.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  bytes.push(Number(rest));
  return Uint8Array.from(bytes);
}

function anyValue(value: AttributeValue | null | undefined): MessageWriter {
  const writer = new MessageWriter();
  if (typeof value === 'string') writer.string(1, value);
  else if (typeof value === 'boolean') writer.varint(2, value ? 1n : 0n);
  else if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) writer.varint(3, BigInt(value));
    else writer.double(4, value);
  } else if (Array.isArray(value)) {
    const array = new MessageWriter();
    for (const item of value as readonly (string | number | boolean | null | undefined)[])
      array.message(1, anyValue(item));
    writer.message(5, array);
  }
  return writer;
}

function keyValue(key: string, value: AttributeValue | undefined): MessageWriter {
  const writer = new MessageWriter();
  writer.string(1, key);
  writer.message(2, anyValue(value));
  return writer;
}

function writeAttributes(writer: MessageWriter, field: number, attributes: Attributes): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    writer.message(field, keyValue(key, value));
  }
}

function event(spanEvent: FinishedSpanEvent): MessageWriter {
  const writer = new MessageWriter();
  writer.fixed64(1, spanEvent.timeNanos);
  writer.string(2, spanEvent.name);
  writeAttributes(writer, 3, spanEvent.attributes);
  return writer;
}

function span(finished: FinishedSpan): MessageWriter {
  const writer = new MessageWriter();
  writer.bytes(1, Buffer.from(finished.traceId, 'hex'));
  writer.bytes(2, Buffer.from(finished.spanId, 'hex'));
  if (finished.parentSpanId !== undefined)
    writer.bytes(4, Buffer.from(finished.parentSpanId, 'hex'));
  writer.string(5, finished.name);
  writer.varint(6, BigInt(finished.kind));
  writer.fixed64(7, finished.startNanos);
  writer.fixed64(8, finished.endNanos);
  writeAttributes(writer, 9, finished.attributes);
  for (const spanEvent of finished.events) writer.message(11, event(spanEvent));
  if (finished.status.code !== 0) {
    const status = new MessageWriter();
    if (finished.status.message !== undefined) status.string(2, finished.status.message);
    status.varint(3, BigInt(finished.status.code));
    writer.message(15, status);
  }
  return writer;
}

/** The spans as one OTLP `ExportTraceServiceRequest` in protobuf (`application/x-protobuf`). */
export function encodeOtlpProtobuf(
  spans: readonly FinishedSpan[],
  source: OtlpBatchSource,
): Uint8Array {
  const resource = new MessageWriter();
  writeAttributes(resource, 1, source.resource);
  const scope = new MessageWriter();
  scope.string(1, source.scopeName);
  if (source.scopeVersion !== undefined) scope.string(2, source.scopeVersion);
  const scopeSpans = new MessageWriter();
  scopeSpans.message(1, scope);
  for (const finished of spans) scopeSpans.message(2, span(finished));
  const resourceSpans = new MessageWriter();
  resourceSpans.message(1, resource);
  resourceSpans.message(2, scopeSpans);
  const request = new MessageWriter();
  request.message(1, resourceSpans);
  return request.finish();
}
