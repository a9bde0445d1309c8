import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
  await mkdir(dirname(options.destination), { recursive: true });
  const temporary = `${options.destination}.partial-${process.pid}`;
  // Streamed to disk and hashed on the way: benchmark files reach hundreds of megabytes.
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    if (response.body === null) throw new Error('empty response body');
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    await pipeline(
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      counter,
      createWriteStream(temporary),
    );
  } catch (error) {
    await rm(temporary, { force: true });
    throw new APICallError({
      kind: 'connection',
      message: `download ${url}: ${(error as Error).message}`,
      cause: error,
    });
  }
  const sha256 = hash.digest('hex');
  if (options.sha256 !== undefined && options.sha256.toLowerCase() !== sha256) {
    await rm(temporary, { force: true });
    throw new APICallError({
      kind: 'invalid-response',
      message: `download ${url}: SHA-256 ${sha256} does not match the expected ${options.sha256}`,
    });
  }
  try {
    await rename(temporary, options.destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { bytes, sha256 };
}
