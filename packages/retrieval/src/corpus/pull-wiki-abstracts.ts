import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import { applyMirror, type DataReport, type PullDataOptions } from '@forge/program';
import { BufferedFileWriter } from '../bm25/buffered-file-writer.js';
import { RetrievalError } from '../retrieval-error.js';
import { countWikiAbstracts } from './check-wiki-abstracts.js';
import { extractTarMember } from './extract-tar-member.js';

/** Where the DSPy project publishes the 2017 Wikipedia abstracts the ColBERT index was built on. */
export const wikiAbstractsUrl =
  'https://huggingface.co/dspy/cache/resolve/main/wiki.abstracts.2017.tar.gz';

/** The corpus file inside the archive and in the data directory. */
export const wikiAbstractsFile = 'wiki.abstracts.2017.jsonl';

/**
 * Downloads `wiki.abstracts.2017.tar.gz` and extracts `wiki.abstracts.2017.jsonl` into
 * `dataDir`, streaming (the archive is about 0.5 GB and never held in memory). The file appears
 * only when complete; a failed download leaves nothing behind. The report counts the passages.
 */
export async function pullWikiAbstracts(options: PullDataOptions): Promise<DataReport> {
  const url = applyMirror(wikiAbstractsUrl, options.mirror);
  const fetchImplementation = options.fetch ?? globalThis.fetch;
  const destination = join(options.dataDir, wikiAbstractsFile);
  const temporary = `${destination}.partial-${process.pid}`;
  options.onProgress?.(`downloading ${url}`);
  let response: Response;
  try {
    response = await fetchImplementation(url, { signal: options.abortSignal });
  } catch (error) {
    throw new RetrievalError({
      reason: 'connection',
      message: `download ${url}: ${(error as Error).message}`,
      cause: error,
    });
  }
  if (!response.ok || response.body === null) {
    throw new RetrievalError({
      reason: 'http',
      statusCode: response.status,
      message: `download ${url}: HTTP ${response.status} ${response.statusText}`,
    });
  }
  await mkdir(options.dataDir, { recursive: true });
  const writer = new BufferedFileWriter(temporary);
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const unzipped = body.pipe(createGunzip());
  let found: boolean;
  try {
    found = await extractTarMember(unzipped, wikiAbstractsFile, (bytes) => writer.write(bytes));
    writer.close();
  } catch (error) {
    writer.close();
    await rm(temporary, { force: true });
    throw new RetrievalError({
      reason: 'invalid-response',
      message: `download ${url}: ${(error as Error).message}`,
      cause: error,
    });
  } finally {
    body.destroy();
    unzipped.destroy();
  }
  if (!found) {
    await rm(temporary, { force: true });
    throw new RetrievalError({
      reason: 'invalid-response',
      message: `download ${url}: the archive holds no ${wikiAbstractsFile}`,
    });
  }
  await rename(temporary, destination);
  options.onProgress?.(`extracted ${destination}; counting passages`);
  return countWikiAbstracts(options.dataDir);
}
