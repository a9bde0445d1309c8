import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** What one export request needs. */
export interface OtlpPost {
  /** The collector's traces URL (`…/v1/traces`). */
  readonly url: string;
  /** The encoded `ExportTraceServiceRequest`. */
  readonly body: Uint8Array | string;
  /** `application/x-protobuf` or `application/json`. */
  readonly contentType: string;
  /** Headers of the export (credentials included: never put in a message). */
  readonly headers: Readonly<Record<string, string>>;
  /** Longest wait for the answer, in ms. */
  readonly timeoutMs: number;
}

/**
 * Sends one export and resolves when the collector answers 2xx; rejects with a short reason
 * (`http 503`, `no answer within 2000 ms`, the connection error's message) otherwise. The answer's
 * body is read and dropped: OTLP's partial-success reply carries nothing a run acts on.
 */
export function postOtlp(post: OtlpPost): Promise<void> {
  const url = new URL(post.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = typeof post.body === 'string' ? Buffer.from(post.body, 'utf8') : post.body;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        headers: {
          ...post.headers,
          'content-type': post.contentType,
          'content-length': String(body.length),
        },
      },
      (answer) => {
        answer.on('data', () => {});
        answer.on('error', (error) => reject(new Error(error.message)));
        answer.on('end', () => {
          const status = answer.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`http ${status}`));
        });
      },
    );
    outgoing.setTimeout(post.timeoutMs, () => {
      outgoing.destroy(new Error(`no answer within ${post.timeoutMs} ms`));
    });
    outgoing.on('error', (error) => reject(new Error(error.message)));
    outgoing.end(body);
  });
}
