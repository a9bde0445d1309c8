import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CollectedSpan } from './collected-span.js';
import { decodeOtlpJson } from './decode-otlp-json.js';
import { decodeOtlpProtobuf } from './decode-otlp-protobuf.js';

/** One export request a collector received. */
export interface ReceivedExport {
  /** Request path (`/v1/traces`). */
  readonly path: string;
  /** Request headers (lower-case names). */
  readonly headers: IncomingHttpHeaders;
  /** The raw body. */
  readonly body: Buffer;
  /** Its spans, decoded (protobuf or JSON, by content type). */
  readonly spans: readonly CollectedSpan[];
}

/** A stand-in OTLP/HTTP collector on loopback. */
export interface OtlpCollector {
  /** Its base URL (`http://127.0.0.1:<port>`). */
  readonly url: string;
  /** Every export received, in order. */
  readonly exports: readonly ReceivedExport[];
  /** Every span received, in order. */
  spans(): CollectedSpan[];
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * Starts a collector stand-in on 127.0.0.1 that takes OTLP/HTTP trace exports in either encoding
 * (`application/x-protobuf`, `application/json`), decodes them and answers success in the same
 * encoding, as a real collector does. For tests and benches: no network beyond loopback.
 */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const exports: ReceivedExport[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const protobuf = (request.headers['content-type'] ?? '').includes('protobuf');
      exports.push({
        path: request.url ?? '',
        headers: request.headers,
        body,
        spans: protobuf ? decodeOtlpProtobuf(body) : decodeOtlpJson(body.toString('utf8')),
      });
      // An empty ExportTraceServiceResponse is zero bytes in protobuf.
      response
        .writeHead(200, {
          'content-type': protobuf ? 'application/x-protobuf' : 'application/json',
        })
        .end(protobuf ? '' : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports,
    spans: () => exports.flatMap((received) => [...received.spans]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
