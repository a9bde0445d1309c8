import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { APICallError } from '@forge/provider';

/** Options of `downloadFile`. */
export interface DownloadFileOptions {
  /** Source URL. */
  readonly url: string;
  /** Destination path; written atomically (temporary file, then rename). */
  readonly destination: string;
  /** Replaces the origin of `url` (see `PullDataOptions.mirror`). */
  readonly mirror?: string;
  /** The fetch implementation. */
  readonly fetch?: typeof globalThis.fetch;
  /** Expected SHA-256 of the bytes, hex; a mismatch fails and leaves no file. */
  readonly sha256?: string;
  /** Cancels the download. */
  readonly abortSignal?: AbortSignal;
}

/** Applies a mirror: keeps the path and query of `url`, takes everything before from `mirror`. */
export function applyMirror(url: string, mirror: string | undefined): string {
  if (mirror === undefined) return url;
  const source = new URL(url);
  const base = mirror.endsWith('/') ? mirror.slice(0, -1) : mirror;
  return `${base}${source.pathname}${source.search}`;
}

/**
 * Downloads one file atomically. Fails with an `APICallError` naming the URL and status, and
 * never leaves a partial file behind.
 */
export async function downloadFile(
  options: DownloadFileOptions,
): Promise<{ bytes: number; sha256: string }> {
  const url = applyMirror(options.url, options.mirror);
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchImplementation(url, { signal: options.abortSignal });
  } catch (error) {
    throw new APICallError({
      kind: 'connection',
      message: `download ${url}: ${(error as Error).message}`,
      cause: error,
    });
  }
  if (!response.ok) {
    throw new APICallError({
      kind: 'http',
      statusCode: response.status,
      message: `download ${url}: HTTP ${response.status} ${response.statusText}`,
    });
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (options.sha256 !== undefined && options.sha256.toLowerCase() !== sha256) {
    throw new APICallError({
      kind: 'invalid-response',
      message: `download ${url}: SHA-256 ${sha256} does not match the expected ${options.sha256}`,
    });
  }
  await mkdir(dirname(options.destination), { recursive: true });
  const temporary = `${options.destination}.partial-${process.pid}`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, options.destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { bytes: bytes.length, sha256 };
}
