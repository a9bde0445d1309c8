import { describe, expect, it } from 'vitest';
import { decodeOtlpProtobuf } from '../testing/index.js';
import { encodeOtlpProtobuf } from './encode-otlp-protobuf.js';
import type { FinishedSpan } from './finished-span.js';

const span = (name: string, attributes: FinishedSpan['attributes']): FinishedSpan => ({
  traceId: '0123456789abcdef0123456789abcdef',
  spanId: `${'0'.repeat(15)}${name.length % 10}`,
  parentSpanId: undefined,
  name,
  kind: 1,
  startNanos: 1_700_000_000_000_000_000n,
  endNanos: 1_700_000_000_500_000_000n,
  attributes,
  events: [],
  status: { code: 0 },
});

describe('encodeOtlpProtobuf', () => {
  it('keeps a batch whole when its length outgrows the room left for it (past 2 MiB)', () => {
    const long = 'x'.repeat(3 * 1024 * 1024);
    const body = encodeOtlpProtobuf([span('big', { text: long }), span('after', { n: 7 })], {
      resource: { 'service.name': 'forge' },
      scopeName: '@forge/telemetry',
    });
    const spans = decodeOtlpProtobuf(body);
    expect(spans.map((decoded) => decoded.name)).toEqual(['big', 'after']);
    expect(spans[0]?.attributes['text']).toBe(long);
    expect(spans[1]?.attributes['n']).toBe(7);
    expect(spans[1]?.resource['service.name']).toBe('forge');
  });

  it('writes short text that is not ASCII with its length in bytes', () => {
    const text = 'ä'.repeat(100); // 100 characters, 200 bytes: a two-byte length
    const spans = decodeOtlpProtobuf(
      encodeOtlpProtobuf([span('ü', { text, ascii: 'plain' })], {
        resource: {},
        scopeName: 's',
      }),
    );
    expect(spans[0]?.name).toBe('ü');
    expect(spans[0]?.attributes).toEqual({ text, ascii: 'plain' });
  });
});
