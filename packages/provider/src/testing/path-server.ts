import { startLoopbackServer } from './loopback-server.js';

/** What a path server answers for one request. */
export interface PathResponse {
  /** HTTP status. Default 200. */
  readonly status?: number;
  /** The body, sent as JSON-typed text. */
  readonly body: string;
}

/** A loopback server that answers by URL and records the paths it was asked for. */
export interface PathServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Request paths with their queries, in arrival order. */
  readonly requests: readonly string[];
  /** Stops the server. */
  close(): Promise<void>;
}

/**
 * The loopback server in its simplest form, for download tests (dataset mirrors, hub APIs):
 * every request is answered by `respond(url)`.
 */
export async function startPathServer(respond: (url: URL) => PathResponse): Promise<PathServer> {
  const server = await startLoopbackServer({
    handler: (request) => ({
      ...respond(new URL(request.path, 'http://127.0.0.1')),
      headers: { 'content-type': 'application/json' },
    }),
  });
  return {
    url: server.url,
    get requests() {
      return server.requests.map((request) => request.path);
    },
    close: () => server.close(),
  };
}
