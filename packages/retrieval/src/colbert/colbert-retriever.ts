import { InvalidArgumentError } from '@forge/provider';
import { z } from 'zod';
import { RetrievalError } from '../retrieval-error.js';
import type { Retriever, SearchOptions } from '../retriever.js';

/** Settings of `createColbertRetriever`. */
export interface ColbertRetrieverSettings {
  /** The search endpoint, e.g. `http://host:2017/wiki17_abstracts`. */
  readonly url: string;
  /** Send `POST` with a JSON body instead of `GET ?query=&k=` (DSPy's `post_requests`). */
  readonly postRequests?: boolean;
  /** Milliseconds before a request is abandoned. Default 10 000 (DSPy's timeout). */
  readonly timeoutMs?: number;
  /** The fetch implementation (tests inject one). */
  readonly fetch?: typeof globalThis.fetch;
}

/** One entry of the server's `topk` list; extra fields (`prob`, …) are ignored. */
const passageSchema = z.object({
  text: z.string(),
  pid: z.number().optional(),
  rank: z.number().optional(),
  score: z.number().optional(),
  long_text: z.string().optional(),
});

const responseSchema = z.object({ topk: z.array(passageSchema) });

/** The hosted ColBERTv2 servers refuse larger k. */
const maximumK = 100;

/**
 * A client for a ColBERTv2 search server, the wire DSPy's `ColBERTv2` speaks: `GET
 * <url>?query=<q>&k=<k>` answering `{"topk": [{"text", "pid", "rank", "score", …}]}`, where each
 * `text` is a `"Title | abstract"` passage, best first. A body with `error: true` or without
 * `topk` is a `RetrievalError` (`invalid-response`), as are HTTP errors (`http`), timeouts and
 * unreachable servers.
 */
export function createColbertRetriever(settings: ColbertRetrieverSettings): Retriever {
  let endpoint: URL;
  try {
    endpoint = new URL(settings.url);
  } catch (error) {
    throw new InvalidArgumentError({
      argument: 'colbertUrl',
      message: `colbertUrl: ${JSON.stringify(settings.url)} is not a URL`,
      cause: error,
    });
  }
  const fetchImplementation = settings.fetch ?? globalThis.fetch;
  const timeoutMs = settings.timeoutMs ?? 10_000;

  return {
    name: 'colbertv2',
    async search(query: string, k: number, options: SearchOptions = {}): Promise<string[]> {
      if (!Number.isInteger(k) || k < 1 || k > maximumK) {
        throw new RangeError(
          `ColBERTv2 search: k must be an integer in [1, ${maximumK}], got ${k}`,
        );
      }
      const url = new URL(endpoint);
      const init: RequestInit = {};
      if (settings.postRequests) {
        init.method = 'POST';
        init.headers = { 'content-type': 'application/json; charset=utf-8' };
        init.body = JSON.stringify({ query, k });
      } else {
        url.searchParams.set('query', query);
        url.searchParams.set('k', String(k));
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      init.signal = options.abortSignal ? AbortSignal.any([options.abortSignal, timeout]) : timeout;
      const where = `ColBERTv2 ${endpoint.origin}${endpoint.pathname}`;

      let response: Response;
      let body: string;
      try {
        response = await fetchImplementation(url, init);
        body = await response.text();
      } catch (error) {
        if (options.abortSignal?.aborted) {
          throw new RetrievalError({
            reason: 'aborted',
            message: `${where}: search cancelled`,
            cause: error,
          });
        }
        if (timeout.aborted) {
          throw new RetrievalError({
            reason: 'timeout',
            message: `${where}: no answer within ${timeoutMs} ms`,
            cause: error,
          });
        }
        throw new RetrievalError({
          reason: 'connection',
          message: `${where}: ${(error as Error).message}`,
          cause: error,
        });
      }
      if (!response.ok) {
        throw new RetrievalError({
          reason: 'http',
          statusCode: response.status,
          message:
            `${where}: HTTP ${response.status} ${response.statusText} ${body.slice(0, 200)}`.trim(),
        });
      }
      return parseTopK(body, where).slice(0, k);
    },
  };
}

function parseTopK(body: string, where: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new RetrievalError({
      reason: 'invalid-response',
      message: `${where}: answer is not JSON: ${body.slice(0, 200)}`,
    });
  }
  if (typeof value === 'object' && value !== null && (value as { error?: unknown }).error) {
    const message = (value as { message?: unknown }).message;
    throw new RetrievalError({
      reason: 'invalid-response',
      message: `${where}: server reported an error: ${typeof message === 'string' ? message : 'unknown error'}`,
    });
  }
  const parsed = responseSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RetrievalError({
      reason: 'invalid-response',
      message: `${where}: unexpected answer, field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`,
    });
  }
  // DSPy copies `text` into `long_text`; the passage text is `text` either way.
  return parsed.data.topk.map((passage) => passage.text);
}
