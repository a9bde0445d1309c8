import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { FinishedSpan, FinishedSpanEvent, OtlpBatchSource } from './finished-span.js';

// An `ExportTraceServiceRequest` in protobuf, written by hand for the few messages a trace
// export needs (opentelemetry/proto collector/trace/v1, trace/v1, common/v1 and resource/v1;
// field numbers as those .proto files give them), so `--otel` loads no protobuf library.

const varintType = 0;
const fixed64Type = 1;
const lengthType = 2;

/**
 * One growing buffer the whole request is written into. A nested message is opened with
 * `open(field, lengthBytes)`, which writes its tag and leaves room for its length, and closed
 * with `close(start, lengthBytes)`, which fills the length in; only when the length needs more
 * bytes than were left (rare: one byte holds up to 127, two up to 16,383) are the message's bytes
 * moved right to make room. Lengths stay minimal varints, as every protobuf encoder writes them.
 */
class MessageWriter {
  private buffer: Buffer;
  private position = 0;

  constructor(buffer: Buffer) {
    this.buffer = buffer;
  }

  /** The buffer written into (a larger one once it outgrew the first). */
  get space(): Buffer {
    return this.buffer;
  }

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
    const characters = value.length;
    if (characters < 0x80) {
      // Short text is mostly ASCII (keys, names, models): written here, byte by byte, its
      // length one byte; cheaper than a call into Buffer for a few dozen characters.
      this.reserve(characters + 1);
      const buffer = this.buffer;
      const lengthAt = this.position;
      let at = lengthAt + 1;
      let index = 0;
      for (; index < characters; index++) {
        const code = value.charCodeAt(index);
        if (code >= 0x80) break;
        buffer[at++] = code;
      }
      if (index === characters) {
        buffer[lengthAt] = characters;
        this.position = at;
        return;
      }
    }
    const length = Buffer.byteLength(value, 'utf8');
    this.rawVarint(length);
    this.reserve(length);
    this.position += this.buffer.write(value, this.position, length, 'utf8');
  }

  /** Starts a nested message: its tag, and `lengthBytes` left for its length. */
  open(field: number, lengthBytes: number): number {
    this.key(field, lengthType);
    this.reserve(lengthBytes);
    this.position += lengthBytes;
    return this.position;
  }

  /** Ends the nested message whose bytes begin at `start`: its length goes in front of it. */
  close(start: number, lengthBytes: number): void {
    const length = this.position - start;
    let needed = 1;
    for (let rest = length; rest > 0x7f; rest = Math.floor(rest / 0x80)) needed++;
    if (needed !== lengthBytes) {
      this.reserve(needed - lengthBytes);
      this.buffer.copyWithin(start + needed - lengthBytes, start, this.position);
      this.position += needed - lengthBytes;
    }
    const end = this.position;
    this.position = start - lengthBytes;
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
  const start = writer.open(field, 1);
  if (typeof value === 'string') writer.string(1, value);
  else if (typeof value === 'boolean') writer.varint(2, value ? 1 : 0);
  else if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) writer.varint(3, value);
    else writer.double(4, value);
  } else if (Array.isArray(value)) {
    const array = writer.open(5, 1);
    for (const item of value as readonly (string | number | boolean | null | undefined)[])
      anyValue(writer, 1, item);
    writer.close(array, 1);
  }
  writer.close(start, 1);
}

function writeAttributes(writer: MessageWriter, field: number, attributes: Attributes): void {
  // A for-in loop: Object.entries would make an array per attribute of every span.
  for (const key in attributes) {
    const value = attributes[key];
    if (value === undefined) continue;
    const start = writer.open(field, 1);
    writer.string(1, key);
    anyValue(writer, 2, value);
    writer.close(start, 1);
  }
}

function writeEvent(writer: MessageWriter, spanEvent: FinishedSpanEvent): void {
  const start = writer.open(11, 1);
  writer.fixed64(1, spanEvent.timeNanos);
  writer.string(2, spanEvent.name);
  writeAttributes(writer, 3, spanEvent.attributes);
  writer.close(start, 1);
}

function writeSpan(writer: MessageWriter, finished: FinishedSpan): void {
  const start = writer.open(2, 2);
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
    const status = writer.open(15, 1);
    if (finished.status.message !== undefined) writer.string(2, finished.status.message);
    writer.varint(3, finished.status.code);
    writer.close(status, 1);
  }
  writer.close(start, 2);
}

// Encoding is synchronous, so every request is written into one buffer kept between batches
// (grown once to a batch's size, then reused) and copied out at the end.
let scratch: Buffer = Buffer.allocUnsafe(256 * 1024);

/** The spans as one OTLP `ExportTraceServiceRequest` in protobuf (`application/x-protobuf`). */
export function encodeOtlpProtobuf(
  spans: readonly FinishedSpan[],
  source: OtlpBatchSource,
): Uint8Array {
  const writer = new MessageWriter(scratch);
  // The batch's outer messages hold every span: room for a length of up to 2 MiB (3 bytes).
  const resourceSpans = writer.open(1, 3);
  const resource = writer.open(1, 1);
  writeAttributes(writer, 1, source.resource);
  writer.close(resource, 1);
  const scopeSpans = writer.open(2, 3);
  const scope = writer.open(1, 1);
  writer.string(1, source.scopeName);
  if (source.scopeVersion !== undefined) writer.string(2, source.scopeVersion);
  writer.close(scope, 1);
  for (const finished of spans) writeSpan(writer, finished);
  writer.close(scopeSpans, 3);
  writer.close(resourceSpans, 3);
  scratch = writer.space;
  return writer.finish();
}
