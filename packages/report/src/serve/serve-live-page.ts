import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveOptions } from '../client/page-data.js';
import { ReportServerError } from './report-server-error.js';

/** What a live view serves: a version that changes when the page would, and the page. */
export interface LivePageSource {
  /** A short string that changes whenever the page's content would (asked about once a second). */
  version(): string;
  /** The whole page at `live.version`, made live with `live` (drawn only when the version moved). */
  page(live: LiveOptions): string;
}

/** Options of `serveLivePage`. */
export interface ServeLivePageOptions {
  /** What to serve. */
  readonly source: LivePageSource;
  /** What is served, for messages (`the run`, `the suite`). */
  readonly subject: string;
  /** The loopback port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** How often the page asks whether it changed, in milliseconds. Default 1000. */
  readonly intervalMs?: number;
}

/** A running live view. */
export interface LivePageServer {
  /** The page's address, on 127.0.0.1. */
  readonly url: string;
  /** Stops serving. */
  close(): Promise<void>;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost']);

/**
 * Serves one page on loopback and keeps it current: the page asks `/version` every `intervalMs`
 * and reloads when the answer changes. Only GET is answered, with no caching, and requests naming
 * any host but 127.0.0.1 or localhost are refused, so no other site can reach the server
 * through the browser (DNS rebinding). A port in use is a `ReportServerError` saying so.
 */
export async function serveLivePage(options: ServeLivePageOptions): Promise<LivePageServer> {
  const { source, subject } = options;
  const intervalMs = options.intervalMs ?? 1000;
  let cached: { version: string; html: string } | undefined;
  const page = (): string => {
    const version = source.version();
    if (cached?.version !== version) {
      cached = { version, html: source.page({ versionUrl: '/version', version, intervalMs }) };
    }
    return cached.html;
  };
  const respond = (response: ServerResponse, status: number, type: string, body: string) => {
    response.writeHead(status, {
      'content-type': `${type}; charset=utf-8`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    response.end(body);
  };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '');
    if (!loopbackHosts.has(host)) {
      respond(response, 403, 'text/plain', 'this live view answers only on 127.0.0.1\n');
      return;
    }
    if (request.method !== 'GET') {
      respond(response, 405, 'text/plain', 'only GET\n');
      return;
    }
    try {
      const path = (request.url ?? '/').split('?')[0];
      if (path === '/') respond(response, 200, 'text/html', page());
      else if (path === '/version') respond(response, 200, 'text/plain', source.version());
      else respond(response, 404, 'text/plain', 'not found\n');
    } catch (error) {
      respond(response, 500, 'text/plain', `cannot read ${subject}: ${(error as Error).message}\n`);
    }
  };
  const server = createServer(handle);
  const port = options.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  }).catch((error: NodeJS.ErrnoException) => {
    throw new ReportServerError({
      reason: error.code === 'EADDRINUSE' ? 'port-in-use' : 'cannot-listen',
      port,
      message:
        error.code === 'EADDRINUSE'
          ? `port ${port} on 127.0.0.1 is in use; choose another with --port, or --port 0 for any free one`
          : `cannot serve the live report on 127.0.0.1:${port}: ${error.message}`,
      cause: error,
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
