import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { APICallError } from '@forge/provider';
import { z } from 'zod';
import { applyMirror } from '../download-file.js';

/** Where the Hugging Face dataset viewer serves rows as JSON. */
export const hubRowsEndpoint = 'https://datasets-server.huggingface.co/rows';

/** One split of a dataset on the Hugging Face hub. */
export interface HubSplit {
  /** Dataset id, e.g. `AI-MO/aimo-validation-aime`. */
  readonly dataset: string;
  /** Configuration (subset) name; most datasets have only `default`. */
  readonly config: string;
  /** Split name, e.g. `train`. */
  readonly split: string;
}

/** Options of `downloadHubRows`. */
export interface DownloadHubRowsOptions {
  /** The split to download. */
  readonly source: HubSplit;
  /** JSONL file to write, one row object per line in row order; written atomically. */
  readonly destination: string;
  /** Replaces the origin of the endpoint (see `PullDataOptions.mirror`). */
  readonly mirror?: string;
  /** The fetch implementation. */
  readonly fetch?: typeof globalThis.fetch;
  /** Rows per request; the dataset viewer allows at most 100. */
  readonly pageSize?: number;
  /** Cancels the download. */
  readonly abortSignal?: AbortSignal;
  /** Progress messages, one line each. */
  readonly onProgress?: (message: string) => void;
}

const pageSchema = z.object({
  rows: z.array(
    z.object({
      row_idx: z.number().int(),
      row: z.record(z.string(), z.unknown()),
      truncated_cells: z.array(z.string()).optional(),
    }),
  ),
  num_rows_total: z.number().int().nonnegative(),
});

/**
 * Downloads every row of a hub split through the dataset viewer's `/rows` API (JSON pages of at
 * most 100 rows) and writes them as JSONL, the layout `datasets`' `to_json()` exports. Rows keep
 * the split's order. Fails with an `APICallError` naming the URL and leaves no file behind.
 */
export async function downloadHubRows(options: DownloadHubRowsOptions): Promise<{ rows: number }> {
  const pageSize = options.pageSize ?? 100;
  const lines: string[] = [];
  let total = Number.POSITIVE_INFINITY;
  while (lines.length < total) {
    const url = pageUrl(options.source, lines.length, pageSize, options.mirror);
    const page = await fetchPage(url, options);
    total = page.num_rows_total;
    if (page.rows.length === 0 && lines.length < total) {
      throw invalid(url, `no rows returned at offset ${lines.length} of ${total}`);
    }
    for (const entry of page.rows) {
      if (entry.row_idx !== lines.length) {
        throw invalid(url, `expected row ${lines.length}, got row ${entry.row_idx}`);
      }
      if (entry.truncated_cells !== undefined && entry.truncated_cells.length > 0) {
        throw invalid(
          url,
          `row ${entry.row_idx} has truncated cells: ${entry.truncated_cells.join(', ')}`,
        );
      }
      lines.push(JSON.stringify(entry.row));
    }
    options.onProgress?.(
      `${options.source.dataset} ${options.source.split}: ${lines.length}/${total} rows`,
    );
  }
  await writeAtomically(options.destination, lines.length === 0 ? '' : `${lines.join('\n')}\n`);
  return { rows: lines.length };
}

function pageUrl(source: HubSplit, offset: number, length: number, mirror?: string): string {
  const query = new URLSearchParams({
    dataset: source.dataset,
    config: source.config,
    split: source.split,
    offset: String(offset),
    length: String(length),
  });
  return applyMirror(`${hubRowsEndpoint}?${query}`, mirror);
}

async function fetchPage(
  url: string,
  options: DownloadHubRowsOptions,
): Promise<z.infer<typeof pageSchema>> {
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchImplementation(url, { signal: options.abortSignal });
  } catch (error) {
    throw new APICallError({
      kind: options.abortSignal?.aborted ? 'aborted' : 'connection',
      message: `download ${url}: ${(error as Error).message}`,
      cause: error,
    });
  }
  const body = await response.text();
  if (!response.ok) {
    throw new APICallError({
      kind: 'http',
      statusCode: response.status,
      message: `download ${url}: HTTP ${response.status} ${response.statusText}`,
      responseBody: body.slice(0, 500),
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw invalid(url, 'the response is not JSON');
  }
  const parsed = pageSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(url, `unexpected response shape at ${issue?.path.join('.') || 'top level'}`);
  }
  return parsed.data;
}

function invalid(url: string, message: string): APICallError {
  return new APICallError({ kind: 'invalid-response', message: `download ${url}: ${message}` });
}

async function writeAtomically(destination: string, text: string): Promise<void> {
  await mkdir(dirname(destination), { recursive: true });
  const temporary = `${destination}.partial-${process.pid}`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
