import type { PathResponse } from '@forge/provider/testing';

/** Serves rows the way the dataset viewer's `/rows` endpoint pages them. */
export function hubRowsResponder(
  splits: Readonly<Record<string, readonly Record<string, unknown>[]>>,
): (url: URL) => PathResponse {
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
