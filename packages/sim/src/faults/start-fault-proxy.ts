import { createHash } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FaultWire, faultErrorBody, faultHtmlPage, faultStatus } from './fault-bodies.js';
import {
  createFaultPlan,
  type FaultKind,
  type FaultPlanOptions,
  faultKinds,
} from './fault-plan.js';

/** Options of `startFaultProxy`. */
export interface FaultProxyOptions extends FaultPlanOptions {
  /** The server to forward to, e.g. `http://127.0.0.1:8787` (any path prefix is kept). */
  readonly upstream: string;
  /** Whose error bodies to write. Default `openai`. */
  readonly wire?: FaultWire;
  /** How long a `slow` answer is held back, in ms. Default 30000. */
  readonly slowMs?: number;
  /** The wait a `rate-limit-retry-after` answer asks for, in ms. Default 20. */
  readonly retryAfterMs?: number;
  /** Only requests with these methods get faults. Default `POST`. */
  readonly methods?: readonly string[];
  /** Interface to listen on. Default `127.0.0.1`. */
  readonly host?: string;
  /** Port; 0 picks a free one. Default 0. */
  readonly port?: number;
}

/** What a proxy did so far. */
export interface FaultProxyStats {
  /** Requests received. */
  readonly requests: number;
  /** Requests answered by the upstream unharmed. */
  readonly clean: number;
  /** Faults injected, by kind. */
  readonly faults: Readonly<Record<FaultKind, number>>;
  /** All faults injected. */
  readonly totalFaults: number;
}

/** A running fault-injecting proxy. */
export interface FaultProxy extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`; append the upstream's own path (e.g. `/v1`). */
  readonly url: string;
  /** Counts so far. */
  stats(): FaultProxyStats;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

const maxBodyBytes = 16 * 1024 * 1024;

/**
 * A loopback HTTP proxy that forwards to `upstream` and, at the set rate, answers in its stead
 * with a fault: 429 with and without retry-after, 500, 503, 529, a reset connection, an answer
 * held back beyond the client's timeout, a body cut mid-way, a truncated JSON body, an HTML page.
 * Which request gets which fault depends only on the seed, the request's bytes and how many times
 * the same request came before (see `createFaultPlan`), so a run over the proxy meets the same
 * faults every time however its calls interleave. Error bodies are in the chosen wire's shape and
 * say the fault is injected (simulated).
 */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const plan = createFaultPlan(options);
  const upstream = new URL(options.upstream);
  const wire = options.wire ?? 'openai';
  const slowMs = options.slowMs ?? 30_000;
  const retryAfterMs = options.retryAfterMs ?? 20;
  const methods = new Set((options.methods ?? ['POST']).map((method) => method.toUpperCase()));
  const occurrences = new Map<string, number>();
  const faults = Object.fromEntries(faultKinds.map((kind) => [kind, 0])) as Record<
    FaultKind,
    number
  >;
  let requests = 0;
  let clean = 0;

  const server = createServer((incoming, outgoing) => {
    void handle(incoming, outgoing).catch(() => outgoing.destroy());
  });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const body = await readBody(incoming);
    requests += 1;
    const method = incoming.method ?? 'GET';
    const key = createHash('sha256')
      .update(`${method} ${incoming.url ?? '/'}\u0000`)
      .update(body)
      .digest('hex');
    const occurrence = occurrences.get(key) ?? 0;
    occurrences.set(key, occurrence + 1);
    const fault = methods.has(method) ? plan.decide(key, occurrence) : undefined;
    if (fault === undefined) {
      clean += 1;
      const answer = await forward(incoming, body, outgoing);
      if (answer !== undefined) reply(outgoing, answer.status, answer.headers, answer.body);
      return;
    }
    faults[fault] += 1;
    const status = faultStatus(fault);
    if (status !== undefined) {
      const text = JSON.stringify(faultErrorBody(wire, status));
      reply(
        outgoing,
        status,
        {
          'content-type': 'application/json',
          ...(fault === 'rate-limit-retry-after'
            ? {
                'retry-after-ms': String(retryAfterMs),
                'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
              }
            : {}),
        },
        Buffer.from(text),
      );
      return;
    }
    switch (fault) {
      case 'reset':
        outgoing.socket?.destroy();
        return;
      case 'non-json':
        reply(outgoing, 200, { 'content-type': 'text/html' }, Buffer.from(faultHtmlPage));
        return;
      case 'slow': {
        const gone = await holdBack(outgoing, slowMs);
        if (gone) return;
        const answer = await forward(incoming, body, outgoing);
        if (answer !== undefined) reply(outgoing, answer.status, answer.headers, answer.body);
        return;
      }
      case 'cut-body':
      case 'truncated-json': {
        const answer = await forward(incoming, body, outgoing);
        if (answer === undefined) return;
        const half = answer.body.subarray(0, Math.floor(answer.body.length / 2));
        if (fault === 'truncated-json') {
          reply(outgoing, answer.status, answer.headers, half);
          return;
        }
        outgoing.writeHead(answer.status, {
          ...answer.headers,
          'content-length': String(answer.body.length),
        });
        outgoing.write(half, () => outgoing.socket?.destroy());
        return;
      }
      default:
        return;
    }
  }

  /** Forwards the request; undefined when the client left first (the upstream call is dropped). */
  function forward(
    incoming: IncomingMessage,
    body: Buffer,
    outgoing: ServerResponse,
  ): Promise<{ status: number; headers: Record<string, string>; body: Buffer } | undefined> {
    return new Promise((resolve, reject) => {
      const target = new URL(incoming.url ?? '/', upstream);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value === undefined || name === 'host' || name === 'connection') continue;
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      headers['content-length'] = String(body.length);
      const upstreamRequest = httpRequest(
        target,
        { method: incoming.method, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const copied: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined || name === 'connection' || name === 'transfer-encoding')
                continue;
              copied[name] = Array.isArray(value) ? value.join(', ') : value;
            }
            resolve({
              status: response.statusCode ?? 502,
              headers: copied,
              body: Buffer.concat(chunks),
            });
          });
          response.on('error', reject);
        },
      );
      outgoing.on('close', () => {
        if (!outgoing.writableFinished) {
          upstreamRequest.destroy();
          resolve(undefined);
        }
      });
      upstreamRequest.on('error', (error) => {
        if (outgoing.destroyed) resolve(undefined);
        else reject(error);
      });
      upstreamRequest.end(body);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    stats: () => ({
      requests,
      clean,
      faults: { ...faults },
      totalFaults: Object.values(faults).reduce((sum, count) => sum + count, 0),
    }),
    close,
    [Symbol.asyncDispose]: close,
  };
}

function reply(
  outgoing: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
): void {
  if (outgoing.destroyed) return;
  outgoing.writeHead(status, { ...headers, 'content-length': String(body.length) });
  outgoing.end(body);
}

/** Waits `ms` or until the client hangs up; true when it hung up. */
function holdBack(outgoing: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      outgoing.off('close', onClose);
      resolve(false);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(true);
    };
    outgoing.once('close', onClose);
  });
}

function readBody(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(new Error('request body too large'));
        incoming.destroy();
        return;
      }
      chunks.push(chunk);
    });
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });
}
