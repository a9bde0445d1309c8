import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test server answers for one request. */
export interface LoopbackResponse {
  readonly status?: number;
  readonly body: string;
}

/** A test HTTP server on 127.0.0.1 that records the paths it was asked for. */
export interface LoopbackServer {
  /** Base URL, e.g. `http://127.0.0.1:43567`. */
  readonly url: string;
  /** Request paths with their queries, in arrival order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Starts a loopback server answering each request with `respond(url)`. */
export async function startLoopbackServer(
  respond: (url: URL) => LoopbackResponse,
): Promise<LoopbackServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    const answer = respond(url);
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Serves rows the way the dataset viewer's `/rows` endpoint pages them. */
export function hubRowsResponder(
  splits: Readonly<Record<string, readonly Record<string, unknown>[]>>,
): (url: URL) => LoopbackResponse {
  return (url) => {
    const key = `${url.searchParams.get('dataset')}/${url.searchParams.get('split')}`;
    const rows = splits[key];
    if (rows === undefined) return { status: 404, body: '{"error":"not found"}' };
    const offset = Number(url.searchParams.get('offset'));
    const length = Number(url.searchParams.get('length'));
    const page = rows.slice(offset, offset + length).map((row, index) => ({
      row_idx: offset + index,
      row,
      truncated_cells: [],
    }));
    return { body: JSON.stringify({ rows: page, num_rows_total: rows.length, partial: false }) };
  };
}
