import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openRunDatabase, type RunDatabase } from '@forge/store';
import { loadReportData } from '../data/load-report-data.js';
import { renderRunReport } from '../render-run-report.js';
import { ReportServerError } from './report-server-error.js';
import { runVersion } from './run-version.js';

/** Options of `serveRunReport`. */
export interface ServeRunReportOptions {
  /** The run directory (its `forge.db` is opened read-only). */
  readonly runDir: string;
  /** The loopback port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** How often the page asks whether the run changed, in milliseconds. Default 1000. */
  readonly intervalMs?: number;
}

/** A running live view. */
export interface RunReportServer {
  /** The page's address, on 127.0.0.1. */
  readonly url: string;
  /** Stops serving and closes the database. */
  close(): Promise<void>;
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost']);

/**
 * Serves a run's report on loopback and keeps it current: the page asks `/version` every
 * `intervalMs` and reloads when a step (or a synthesis attempt, a test score, a status change)
 * has landed. The database is opened read-only, so this works for a run that another process
 * is writing in the same run directory. Requests naming any other host are refused, so no
 * other site can reach the server through the browser.
 */
export async function serveRunReport(options: ServeRunReportOptions): Promise<RunReportServer> {
  const database: RunDatabase = openRunDatabase(options.runDir, { readonly: true });
  const intervalMs = options.intervalMs ?? 1000;
  let cached: { version: string; html: string } | undefined;
  const page = (): string => {
    const version = runVersion(database);
    if (cached?.version !== version) {
      const data = loadReportData(database, options.runDir);
      cached = {
        version,
        html: renderRunReport(data, { live: { versionUrl: '/version', version, intervalMs } }),
      };
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
      else if (path === '/version') respond(response, 200, 'text/plain', runVersion(database));
      else respond(response, 404, 'text/plain', 'not found\n');
    } catch (error) {
      respond(response, 500, 'text/plain', `cannot read the run: ${(error as Error).message}\n`);
    }
  };
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  }).catch((error: NodeJS.ErrnoException) => {
    database.close();
    const port = options.port ?? 0;
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
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          database.close();
          resolve();
        });
      }),
  };
}
