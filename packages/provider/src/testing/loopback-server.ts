import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the loopback server received. */
export interface LoopbackRequest {
  /** HTTP method. */
  readonly method: string;
  /** Path with query, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** Headers, names lower-cased. */
  readonly headers: { readonly [name: string]: string };
  /** The body as text. */
  readonly rawBody: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly body: unknown;
  /** True when the client went away before the response was complete (timeout, abort). */
  clientClosed: boolean;
}

/** A scripted response. */
export interface LoopbackResponse {
  /** HTTP status. Default 200. */
  readonly status?: number;
  /** Response headers. */
  readonly headers?: { readonly [name: string]: string };
  /** A JSON body (sets `content-type: application/json`). */
  readonly json?: unknown;
  /** A raw body, sent as is (takes precedence over `json`). */
  readonly body?: string;
  /** Milliseconds to wait before answering (to provoke timeouts). */
  readonly delayMs?: number;
  /** Close the socket without answering (a connection error). */
  readonly hangUp?: boolean;
  /**
   * Send the status, the headers (with the full body's `content-length`) and only this many
   * bytes of the body, then close the socket: a connection cut mid-body.
   */
  readonly cutAfterBytes?: number;
}

/** Answers requests that no queued response is left for. */
export type LoopbackHandler = (
  request: LoopbackRequest,
  index: number,
) => LoopbackResponse | Promise<LoopbackResponse>;

/** A running loopback server. Close it after the test (or use `await using`). */
export interface LoopbackServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request received, in arrival order. */
  readonly requests: LoopbackRequest[];
  /** Queues responses, used in order before the handler. */
  enqueue(...responses: LoopbackResponse[]): void;
  /** Resolves with request `index` (0-based) once it has arrived; rejects after `timeoutMs`. */
  waitForRequest(index: number, timeoutMs?: number): Promise<LoopbackRequest>;
  /** Resolves once the client of request `index` has hung up; rejects after `timeoutMs`. */
  waitForClientClose(index: number, timeoutMs?: number): Promise<void>;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 at an ephemeral port that records every request and
 * answers from a queue of scripted responses, then from `handler`, else with a 500 saying no
 * response was scripted. Adapter packages build their wire-format fakes on it.
 */
export async function startLoopbackServer(
  options: { readonly handler?: LoopbackHandler } = {},
): Promise<LoopbackServer> {
  const requests: LoopbackRequest[] = [];
  const queue: LoopbackResponse[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const server = createServer((incoming, outgoing) => {
    void handle(incoming, outgoing);
  });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const request: LoopbackRequest = {
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      headers: Object.fromEntries(
        Object.entries(incoming.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      ),
      rawBody,
      body: parseJson(rawBody),
      clientClosed: false,
    };
    const index = requests.length;
    requests.push(request);
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) request.clientClosed = true;
    });
    const response =
      queue.shift() ??
      (options.handler
        ? await options.handler(request, index)
        : {
            status: 500,
            json: { error: `loopback server: no response scripted for request ${index}` },
          });
    if (response.delayMs !== undefined && response.delayMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, response.delayMs);
        timers.add(timer);
        outgoing.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
          resolve();
        });
      });
    }
    if (outgoing.destroyed || request.clientClosed) return;
    if (response.hangUp) {
      outgoing.socket?.destroy();
      return;
    }
    const body =
      response.body ?? (response.json === undefined ? '' : JSON.stringify(response.json));
    const headers: Record<string, string> = {
      ...(response.json !== undefined && response.body === undefined
        ? { 'content-type': 'application/json' }
        : {}),
      ...response.headers,
    };
    if (response.cutAfterBytes !== undefined) {
      const bytes = Buffer.from(body);
      outgoing.writeHead(response.status ?? 200, {
        ...headers,
        'content-length': String(bytes.length),
      });
      outgoing.write(bytes.subarray(0, response.cutAfterBytes), () => outgoing.socket?.destroy());
      return;
    }
    outgoing.writeHead(response.status ?? 200, headers);
    outgoing.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const close = async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  // Polling keeps requests plain data; tests wait at most a few seconds.
  const waitUntil = async <T>(
    check: () => T | undefined,
    what: string,
    timeoutMs: number,
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`loopback server: ${what} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...responses) => queue.push(...responses),
    waitForRequest: (index, timeoutMs = 5000) =>
      waitUntil(() => requests[index], `no request ${index} arrived`, timeoutMs),
    waitForClientClose: async (index, timeoutMs = 5000) => {
      await waitUntil(
        () => (requests[index]?.clientClosed ? true : undefined),
        `the client of request ${index} did not hang up`,
        timeoutMs,
      );
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
