import type { CollectedSpan } from './collected-span.js';

// A reader of just the protobuf needed to check what an exporter sent: the OTLP trace messages
// (opentelemetry/proto/collector/trace/v1, trace/v1, common/v1), field numbers as the .proto
// files give them. Unknown fields are skipped.

interface Field {
  readonly wireType: number;
  readonly varint?: bigint;
  readonly bytes?: Uint8Array;
}

function readFields(buffer: Uint8Array): Map<number, Field[]> {
  const fields = new Map<number, Field[]>();
  let offset = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = buffer[offset++];
      if (byte === undefined) throw new Error('protobuf: truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (offset < buffer.length) {
    const key = Number(varint());
    const number = key >>> 3;
    const wireType = key & 7;
    let field: Field;
    if (wireType === 0) field = { wireType, varint: varint() };
    else if (wireType === 1 || wireType === 5) {
      const size = wireType === 1 ? 8 : 4;
      field = { wireType, bytes: buffer.subarray(offset, offset + size) };
      offset += size;
    } else if (wireType === 2) {
      const size = Number(varint());
      field = { wireType, bytes: buffer.subarray(offset, offset + size) };
      offset += size;
    } else throw new Error(`protobuf: unsupported wire type ${wireType}`);
    const list = fields.get(number) ?? [];
    list.push(field);
    fields.set(number, list);
  }
  return fields;
}

const all = (fields: Map<number, Field[]>, number: number) => fields.get(number) ?? [];
const first = (fields: Map<number, Field[]>, number: number) => fields.get(number)?.[0];
const text = (field: Field | undefined) =>
  field?.bytes === undefined ? '' : Buffer.from(field.bytes).toString('utf8');
const hex = (field: Field | undefined) =>
  field?.bytes === undefined ? '' : Buffer.from(field.bytes).toString('hex');
const nanosToMs = (field: Field | undefined) =>
  field?.bytes === undefined
    ? 0
    : Number(Buffer.from(field.bytes).readBigUInt64LE(0) / 1000n) / 1000;

function anyValue(bytes: Uint8Array | undefined): unknown {
  if (bytes === undefined) return undefined;
  const fields = readFields(bytes);
  if (fields.has(1)) return text(first(fields, 1));
  if (fields.has(2)) return first(fields, 2)?.varint === 1n;
  if (fields.has(3)) return Number(BigInt.asIntN(64, first(fields, 3)?.varint ?? 0n));
  if (fields.has(4))
    return Buffer.from(first(fields, 4)?.bytes ?? new Uint8Array(8)).readDoubleLE(0);
  if (fields.has(5)) {
    return all(readFields(first(fields, 5)?.bytes ?? new Uint8Array()), 1).map((value) =>
      anyValue(value.bytes),
    );
  }
  return undefined;
}

function keyValues(list: readonly Field[]): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const entry of list) {
    const fields = readFields(entry.bytes ?? new Uint8Array());
    attributes[text(first(fields, 1))] = anyValue(first(fields, 2)?.bytes);
  }
  return attributes;
}

/** The spans of an `ExportTraceServiceRequest` in protobuf (`application/x-protobuf`). */
export function decodeOtlpProtobuf(body: Uint8Array): CollectedSpan[] {
  const spans: CollectedSpan[] = [];
  for (const resourceSpans of all(readFields(body), 1)) {
    const resourceFields = readFields(resourceSpans.bytes ?? new Uint8Array());
    const resource = keyValues(
      all(readFields(first(resourceFields, 1)?.bytes ?? new Uint8Array()), 1),
    );
    for (const scopeSpans of all(resourceFields, 2)) {
      for (const spanField of all(readFields(scopeSpans.bytes ?? new Uint8Array()), 2)) {
        const span = readFields(spanField.bytes ?? new Uint8Array());
        const status = readFields(first(span, 15)?.bytes ?? new Uint8Array());
        const parent = hex(first(span, 4));
        spans.push({
          traceId: hex(first(span, 1)),
          spanId: hex(first(span, 2)),
          ...(parent === '' ? {} : { parentSpanId: parent }),
          name: text(first(span, 5)),
          kind: Number(first(span, 6)?.varint ?? 0n),
          startMs: nanosToMs(first(span, 7)),
          endMs: nanosToMs(first(span, 8)),
          attributes: keyValues(all(span, 9)),
          events: all(span, 11).map((event) => {
            const fields = readFields(event.bytes ?? new Uint8Array());
            return {
              name: text(first(fields, 2)),
              timeMs: nanosToMs(first(fields, 1)),
              attributes: keyValues(all(fields, 3)),
            };
          }),
          status: { code: Number(first(status, 3)?.varint ?? 0n), message: text(first(status, 2)) },
          resource,
        });
      }
    }
  }
  return spans;
}
