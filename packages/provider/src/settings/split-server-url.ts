import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { endpointLabel } from './endpoint-label.js';

/** A server URL taken apart for an SDK client that appends request paths to its base URL. */
export interface SplitServerUrl {
  /** The URL up to its query: what the client's `baseURL` should be. */
  readonly url: string;
  /** The query's parameters by name, to send with every request (the client's `defaultQuery`). */
  readonly query: { readonly [name: string]: string };
}

/**
 * Takes the query off a server URL such as `https://gateway.example/openai?api-version=2024-10-21`.
 * The official SDKs build a request's address as base URL + path, so a query left on the base URL
 * would swallow the path (`…?api-version=2024-10-21/chat/completions`) and no request would reach
 * the API; given as the client's default query instead, it is sent with every request.
 *
 * Refuses, naming `where` and the endpoint (never a query value): a fragment (`#…`), which no
 * client sends and which would swallow the path too, and a query parameter given twice, which a
 * default query cannot carry. A URL without a query is returned unchanged.
 */
export function splitServerUrl(url: string, where: string, argument = 'baseURL'): SplitServerUrl {
  const queryAt = url.indexOf('?');
  const fragmentAt = url.indexOf('#');
  if (fragmentAt !== -1) {
    throw new InvalidArgumentError({
      argument,
      message: `${where}: ${endpointLabel(url)} has a fragment (#…), which is never sent to a server; remove it`,
    });
  }
  if (queryAt === -1) return { url, query: {} };
  const query: { [name: string]: string } = {};
  for (const [name, value] of new URLSearchParams(url.slice(queryAt + 1))) {
    if (Object.hasOwn(query, name)) {
      throw new InvalidArgumentError({
        argument,
        message: `${where}: ${endpointLabel(url)} gives the query parameter "${name}" more than once; give it once`,
      });
    }
    query[name] = value;
  }
  return { url: url.slice(0, queryAt), query };
}
