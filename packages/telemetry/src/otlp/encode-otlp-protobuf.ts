import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { FinishedSpan, FinishedSpanEvent, OtlpBatchSource } from './finished-span.js';

// An `ExportTraceServiceRequest` in protobuf, written by hand for the few messages a trace
// export needs (opentelemetry/proto collector/trace/v1, trace/v1, common/v1 and resource/v1;
// field numbers as those .proto files give them), so `--otel` loads no protobuf library.

const varintType = 0;
const fixed64Type = 1;
const lengthType = 2;

/**
 * One growing buffer the whole request is written into. A nested message is opened with `open()`
 * and closed with `close(field, start)`: its bytes are moved right, once, to make room for its
 * tag and length (a native copy), so no message is built apart and copied in again.
 */
class MessageWriter {
  private buffer = Buffer.allocUnsafe(64 * 1024);
  private position = 0;

  private reserve(bytes: number): void {
    if (this.position + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.position + bytes) size *= 2;
    const larger = Buffer.allocUnsafe(size);
    this.buffer.copy(larger, 0, 0, this.position);
    this.buffer = larger;
  }

  private rawVarint(value: number): void {
    this.reserve(10);
    let rest = value;
    while (rest > 0x7f) {
      this.buffer[this.position++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buffer[this.position++] = rest;
  }

  private key(field: number, wireType: number): void {
    this.rawVarint(field * 8 + wireType);
  }

  varint(field: number, value: number): void {
    this.key(field, varintType);
    if (value >= 0) {
      this.rawVarint(value);
      return;
    }
    // A negative int64 is its 64-bit two's complement: ten bytes.
    let rest = BigInt.asUintN(64, BigInt(value));
    this.reserve(10);
    while (rest > 0x7fn) {
      this.buffer[this.position++] = Number(rest & 0x7fn) | 0x80;
      rest >>= 7n;
    }
    this.buffer[this.position++] = Number(rest);
  }

  fixed64(field: number, value: bigint): void {
    this.key(field, fixed64Type);
    this.reserve(8);
    this.buffer.writeBigUInt64LE(BigInt.asUintN(64, value), this.position);
    this.position += 8;
  }

  double(field: number, value: number): void {
    this.key(field, fixed64Type);
    this.reserve(8);
    this.buffer.writeDoubleLE(value, this.position);
    this.position += 8;
  }

  hex(field: number, value: string): void {
    this.key(field, lengthType);
    const length = value.length >> 1;
    this.rawVarint(length);
    this.reserve(length);
    this.position += this.buffer.write(value, this.position, length, 'hex');
  }

  string(field: number, value: string): void {
    this.key(field, lengthType);
    const length = Buffer.byteLength(value, 'utf8');
    this.rawVarint(length);
    this.reserve(length);
    this.position += this.buffer.write(value, this.position, length, 'utf8');
  }

  /** Where a nested message's bytes start. */
  open(): number {
    return this.position;
  }

  /** Ends the nested message begun at `start`: its tag and length go in front of it. */
  close(field: number, start: number): void {
    const length = this.position - start;
    let head = 1;
    for (let rest = field * 8 + lengthType; rest > 0x7f; rest = Math.floor(rest / 0x80)) head++;
    head++;
    for (let rest = length; rest > 0x7f; rest = Math.floor(rest / 0x80)) head++;
    this.reserve(head);
    this.buffer.copyWithin(start + head, start, this.position);
    const end = this.position + head;
    this.position = start;
    this.key(field, lengthType);
    this.rawVarint(length);
    this.position = end;
  }

  finish(): Uint8Array {
    return Uint8Array.prototype.slice.call(this.buffer, 0, this.position);
  }
}

function anyValue(
  writer: MessageWriter,
  field: number,
  value: AttributeValue | null | undefined,
): void {
  const start = writer.open();
  if (typeof value === 'string') writer.string(1, value);
  else if (typeof value === 'boolean') writer.varint(2, value ? 1 : 0);
  else if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) writer.varint(3, value);
    else writer.double(4, value);
  } else if (Array.isArray(value)) {
    const array = writer.open();
    for (const item of value as readonly (string | number | boolean | null | undefined)[])
      anyValue(writer, 1, item);
    writer.close(5, array);
  }
  writer.close(field, start);
}

function writeAttributes(writer: MessageWriter, field: number, attributes: Attributes): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    const start = writer.open();
    writer.string(1, key);
    anyValue(writer, 2, value);
    writer.close(field, start);
  }
}

function writeEvent(writer: MessageWriter, spanEvent: FinishedSpanEvent): void {
  const start = writer.open();
  writer.fixed64(1, spanEvent.timeNanos);
  writer.string(2, spanEvent.name);
  writeAttributes(writer, 3, spanEvent.attributes);
  writer.close(11, start);
}

function writeSpan(writer: MessageWriter, finished: FinishedSpan): void {
  const start = writer.open();
  writer.hex(1, finished.traceId);
  writer.hex(2, finished.spanId);
  if (finished.parentSpanId !== undefined) writer.hex(4, finished.parentSpanId);
  writer.string(5, finished.name);
  writer.varint(6, finished.kind);
  writer.fixed64(7, finished.startNanos);
  writer.fixed64(8, finished.endNanos);
  writeAttributes(writer, 9, finished.attributes);
  for (const spanEvent of finished.events) writeEvent(writer, spanEvent);
  if (finished.status.code !== 0) {
    const status = writer.open();
    if (finished.status.message !== undefined) writer.string(2, finished.status.message);
    writer.varint(3, finished.status.code);
    writer.close(15, status);
  }
  writer.close(2, start);
}

/** The spans as one OTLP `ExportTraceServiceRequest` in protobuf (`application/x-protobuf`). */
export function encodeOtlpProtobuf(
  spans: readonly FinishedSpan[],
  source: OtlpBatchSource,
): Uint8Array {
  const writer = new MessageWriter();
  const resourceSpans = writer.open();
  const resource = writer.open();
  writeAttributes(writer, 1, source.resource);
  writer.close(1, resource);
  const scopeSpans = writer.open();
  const scope = writer.open();
  writer.string(1, source.scopeName);
  if (source.scopeVersion !== undefined) writer.string(2, source.scopeVersion);
  writer.close(1, scope);
  for (const finished of spans) writeSpan(writer, finished);
  writer.close(2, scopeSpans);
  writer.close(1, resourceSpans);
  return writer.finish();
}
