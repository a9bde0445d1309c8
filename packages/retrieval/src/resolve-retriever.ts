import { InvalidArgumentError } from '@forge/provider';
import { type Bm25Retriever, openBm25Index } from './bm25/bm25-retriever.js';
import { createColbertRetriever } from './colbert/colbert-retriever.js';
import { RetrievalError } from './retrieval-error.js';
import type { Retriever } from './retriever.js';

/** The retrieval settings HotPotQA and HoVer accept in `createBenchmark({ settings })`. */
export interface RetrievalSettings {
  /** A ready retriever; wins over the other settings. */
  readonly retriever?: Retriever;
  /** A ColBERTv2 endpoint, e.g. `http://host:2017/wiki17_abstracts`. */
  readonly colbertUrl?: string;
  /** Milliseconds before a ColBERTv2 request is abandoned. Default 10 000. */
  readonly colbertTimeoutMs?: number;
  /** A directory holding an index built by `buildBm25Index`. */
  readonly bm25IndexDir?: string;
}

/**
 * Picks the retrieval backend from benchmark settings: `retriever`, else `colbertUrl`, else
 * `bm25IndexDir` (opened on the first search). With none of them the result is a retriever whose
 * every search rejects with a `RetrievalError` (`not-configured`) that says how to set one up,
 * so loading splits or checking data still works without a corpus.
 *
 * @throws InvalidArgumentError when a setting has the wrong type.
 */
export function resolveRetriever(
  settings: Readonly<Record<string, unknown>> | undefined,
  benchmark: string,
): Retriever {
  const value = settings ?? {};
  const retriever = value['retriever'];
  if (retriever !== undefined) {
    if (!isRetriever(retriever)) {
      throw invalid(benchmark, 'retriever', 'an object with a search(query, k) method');
    }
    return retriever;
  }
  const colbertUrl = value['colbertUrl'];
  if (colbertUrl !== undefined) {
    if (typeof colbertUrl !== 'string') throw invalid(benchmark, 'colbertUrl', 'a URL string');
    const timeout = value['colbertTimeoutMs'];
    if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0))) {
      throw invalid(benchmark, 'colbertTimeoutMs', 'a positive number of milliseconds');
    }
    return createColbertRetriever({ url: colbertUrl, timeoutMs: timeout as number | undefined });
  }
  const directory = value['bm25IndexDir'];
  if (directory !== undefined) {
    if (typeof directory !== 'string') throw invalid(benchmark, 'bm25IndexDir', 'a directory path');
    return createLazyBm25Retriever(directory);
  }
  return {
    name: 'none',
    search: () =>
      Promise.reject(
        new RetrievalError({
          reason: 'not-configured',
          message:
            `${benchmark}: no retriever configured for search_full_wiki. Set settings.colbertUrl ` +
            '(a ColBERTv2 wiki17_abstracts endpoint) or settings.bm25IndexDir (an index built ' +
            'with buildBm25Index from the wiki.abstracts.2017 corpus).',
        }),
      ),
  };
}

/** A BM25 retriever that opens its index on the first search (once, shared by concurrent calls). */
export function createLazyBm25Retriever(directory: string): Retriever {
  let opened: Promise<Bm25Retriever> | undefined;
  return {
    name: 'bm25',
    async search(query, k, options) {
      opened ??= openBm25Index(directory);
      try {
        return await (await opened).search(query, k, options);
      } catch (error) {
        // A missing index may be built later in the same process: allow another attempt.
        if (RetrievalError.isInstance(error) && error.reason === 'index-missing')
          opened = undefined;
        throw error;
      }
    },
  };
}

function isRetriever(value: unknown): value is Retriever {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { search?: unknown }).search === 'function'
  );
}

function invalid(benchmark: string, setting: string, expected: string): InvalidArgumentError {
  return new InvalidArgumentError({
    argument: `settings.${setting}`,
    message: `${benchmark}: settings.${setting} must be ${expected}`,
  });
}
