import { startLoopbackServer as startRecordingServer } from '@forge/provider/testing';

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

/** The provider's loopback server, answering each request with `respond(url)`. */
export async function startLoopbackServer(
  respond: (url: URL) => LoopbackResponse,
): Promise<LoopbackServer> {
  const server = await startRecordingServer({
    handler: (request) => {
      const answer = respond(new URL(request.path, 'http://127.0.0.1'));
      return { ...answer, headers: { 'content-type': 'application/json' } };
    },
  });
  return {
    url: server.url,
    get requests() {
      return server.requests.map((request) => request.path);
    },
    close: () => server.close(),
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
