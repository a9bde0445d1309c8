import { constants, existsSync, lstatSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  APICallError,
  abortReason,
  InvalidArgumentError,
  redactSecrets,
  scrubError,
} from '@forge/provider';
import { GgufHeaderProblem, readGgufHeader } from './read-gguf-header.js';

/** What `pullModelFile` takes. */
export interface PullModelOptions {
  /**
   * Where the GGUF file is: an `http(s)://…/<file>.gguf` URL (a Hugging Face `…/blob/…` page URL is
   * turned into its `…/resolve/…` download URL), or `hf:<user>/<repo>/<file>.gguf` for the main
   * branch of a Hugging Face repository.
   */
  readonly url: string;
  /** The models folder the file is saved in (created when missing). */
  readonly directory: string;
  /** Base of `hf:` URLs. Default `https://huggingface.co`. */
  readonly huggingFaceEndpoint?: string;
  /** `fetch` implementation. Default the global `fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Stops the download (what was received is kept, and the next pull resumes it). */
  readonly signal?: AbortSignal;
  /** Called as bytes arrive. */
  readonly onProgress?: (progress: PullProgress) => void;
}

/** How far a download is. */
export interface PullProgress {
  /** Bytes of the file on disk so far (a resumed download counts what it had). */
  readonly receivedBytes: number;
  /** The file's size, when the server said. */
  readonly totalBytes: number | undefined;
}

/** What `pullModelFile` did. */
export interface PullResult {
  /** Path of the model file. */
  readonly path: string;
  /** Its size in bytes. */
  readonly bytes: number;
  /** `downloaded`, `resumed` (a partial download was continued) or `present` (already there). */
  readonly outcome: 'downloaded' | 'resumed' | 'present';
}

/**
 * Downloads a GGUF model file into a models folder. The bytes go to `<file>.gguf.partial` and the
 * file takes its name by a rename only once it is complete and its GGUF header checks out, so the
 * folder never holds half a model under the model's name. An interrupted download is resumed
 * (an HTTP range request) by the next pull of the same URL; a server that ignores ranges sends it
 * again from the start. A file already present is not fetched again.
 *
 * @throws InvalidArgumentError for a URL that is not a `.gguf` file, or that the server does not
 * have (404, 401, 403); APICallError for other HTTP failures and the network; both name the URL
 * (with any credentials redacted).
 */
export async function pullModelFile(options: PullModelOptions): Promise<PullResult> {
  const url = downloadUrl(options.url, options.huggingFaceEndpoint ?? 'https://huggingface.co');
  const shown = redactSecrets(url.toString());
  const fileName = decodeURIComponent(basename(url.pathname));
  if (!/^[^/\\]+\.gguf$/i.test(fileName) || fileName.startsWith('.')) {
    throw new InvalidArgumentError({
      argument: 'url',
      message: `${shown}: expected the URL of a .gguf file`,
    });
  }
  mkdirSync(options.directory, { recursive: true });
  const target = join(options.directory, fileName);
  const partial = `${target}.partial`;
  refuseLink(target);
  refuseLink(partial);
  if (existsSync(target) && !(readGgufHeader(target) instanceof GgufHeaderProblem)) {
    return { path: target, bytes: lstatSync(target).size, outcome: 'present' };
  }
  const had = existsSync(partial) ? lstatSync(partial).size : 0;
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await fetchImplementation(url, {
      headers: had > 0 ? { range: `bytes=${had}-` } : {},
      redirect: 'follow',
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    throw new APICallError({
      message: `could not download ${shown}: ${redactSecrets((error as Error).message)}`,
      kind: 'connection',
      cause: scrubError(error),
    });
  }
  const resuming = had > 0 && response.status === 206;
  if (!response.ok || (response.status === 206 && !resuming)) {
    await response.body?.cancel();
    const userProblem = [401, 403, 404].includes(response.status);
    const message = `could not download ${shown}: HTTP ${response.status}${response.status === 404 ? ' (no such file: check the repository and file name)' : ''}`;
    if (userProblem) throw new InvalidArgumentError({ argument: 'url', message });
    throw new APICallError({ message, kind: 'http', statusCode: response.status });
  }
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const totalBytes = Number.isFinite(length) ? length + (resuming ? had : 0) : undefined;
  // O_NOFOLLOW: the partial file is never written through a link planted in its place.
  const handle = await open(
    partial,
    constants.O_WRONLY |
      constants.O_CREAT |
      constants.O_NOFOLLOW |
      (resuming ? constants.O_APPEND : constants.O_TRUNC),
    0o644,
  );
  let received = resuming ? had : 0;
  try {
    for await (const chunk of response.body ?? []) {
      await handle.write(chunk as Uint8Array);
      received += (chunk as Uint8Array).length;
      options.onProgress?.({ receivedBytes: received, totalBytes });
    }
  } catch (error) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    throw new APICallError({
      message: `the download of ${shown} broke off after ${received} bytes (${redactSecrets((error as Error).message)}); pull again to resume it`,
      kind: 'connection',
      cause: scrubError(error),
    });
  } finally {
    await handle.close();
  }
  const header = readGgufHeader(partial);
  if (header instanceof GgufHeaderProblem) {
    rmSync(partial, { force: true });
    throw new APICallError({
      message: `${shown} is not a usable GGUF model: ${header.reason}`,
      kind: 'invalid-response',
    });
  }
  renameSync(partial, target);
  return { path: target, bytes: received, outcome: resuming ? 'resumed' : 'downloaded' };
}

function downloadUrl(text: string, huggingFace: string): URL {
  const hf = /^hf:([^/]+)\/([^/]+)\/(.+\.gguf)$/i.exec(text);
  const raw = hf
    ? `${huggingFace.replace(/\/+$/, '')}/${hf[1]}/${hf[2]}/resolve/main/${hf[3]}`
    : text;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidArgumentError({
      argument: 'url',
      message: `${redactSecrets(text)}: expected an http(s) URL of a .gguf file or hf:<user>/<repo>/<file>.gguf`,
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidArgumentError({
      argument: 'url',
      message: `${redactSecrets(text)}: expected an http(s) URL of a .gguf file or hf:<user>/<repo>/<file>.gguf`,
    });
  }
  // A Hugging Face file page (…/blob/<revision>/…) downloads from …/resolve/<revision>/….
  url.pathname = url.pathname.replace(/^(\/[^/]+\/[^/]+)\/blob\//, '$1/resolve/');
  return url;
}

function refuseLink(path: string): void {
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    return;
  }
  if (link) {
    throw new InvalidArgumentError({
      argument: 'directory',
      message: `${path} is a symbolic link; Forge does not write model files through links`,
    });
  }
}
