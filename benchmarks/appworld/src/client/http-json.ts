import { z } from 'zod';
import { AppWorldError } from './appworld-error.js';
import { describeFailure, requestError } from './request-error.js';

/** One JSON request to an AppWorld-style server. */
export interface JsonRequest {
  /** The fetch implementation. */
  readonly fetch: typeof globalThis.fetch;
  /** Base URL of the server. */
  readonly url: string;
  /** HTTP method. */
  readonly method: 'GET' | 'POST';
  /** Path, e.g. `/execute`. */
  readonly path: string;
  /** JSON body (POST). */
  readonly body?: unknown;
  /** Timeout in milliseconds. */
  readonly timeoutMs: number;
  /** Cancels the request; its reason is rethrown as is. */
  readonly abortSignal?: AbortSignal | undefined;
  /** What to tell the user when nothing listens at the URL. */
  readonly unreachableHint: string;
  /** Appended to the message of a 5xx answer. */
  readonly serverErrorHint?: string | undefined;
}

/**
 * Sends a request and returns the parsed JSON body. Network failures, timeouts, non-2xx answers
 * and non-JSON bodies become `AppWorldError`s; an abort by the caller rethrows its reason.
 */
export async function requestJson(request: JsonRequest): Promise<unknown> {
  const { url, method, path } = request;
  const endpoint = `${method} ${path}`;
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal =
    request.abortSignal === undefined ? timeout : AbortSignal.any([request.abortSignal, timeout]);
  let text: string;
  let status: number;
  try {
    const response = await request.fetch(`${url}${path}`, {
      method,
      headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal,
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (request.abortSignal?.aborted) throw request.abortSignal.reason ?? error;
    throw describeFailure(error, {
      url,
      endpoint,
      timedOut: timeout.aborted,
      unreachableHint: request.unreachableHint,
    });
  }
  if (status < 200 || status >= 300) {
    throw requestError({ url, endpoint, status, text, serverErrorHint: request.serverErrorHint });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw invalidResponse(url, endpoint, `the body is not JSON: ${text.slice(0, 200)}`, error);
  }
}

/**
 * Validates a response body: the value of its `output` field when it has one (every endpoint
 * but `GET /` and, in AppWorld 0.2, `GET /api_docs` wraps its result so), else the body itself.
 */
export function parseOutput<T>(
  url: string,
  endpoint: string,
  schema: z.ZodType<T>,
  body: unknown,
): T {
  const value =
    typeof body === 'object' && body !== null && !Array.isArray(body) && 'output' in body
      ? (body as { output: unknown }).output
      : body;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalidResponse(url, endpoint, z.prettifyError(parsed.error).replace(/\n/g, '; '));
}

/** The error for a 2xx answer that is not what the endpoint returns. */
export function invalidResponse(
  url: string,
  endpoint: string,
  problem: string,
  cause?: unknown,
): AppWorldError {
  return new AppWorldError({
    kind: 'invalid-response',
    url,
    endpoint,
    message: `The server at ${url} answered ${endpoint} with something unexpected (${problem}); is it the right kind of server?`,
    cause,
  });
}
