import { AppWorldError, type AppWorldErrorKind } from './appworld-error.js';
import { errorBodySchema } from './wire-schemas.js';

const maxDetailLength = 500;

// Node's fetch (undici) reports network failures as `TypeError: fetch failed` with the socket
// error as its cause; these codes mean nothing is listening (as opposed to a dropped connection).
const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/** The `AppWorldError` for a request that got no HTTP answer. */
export function describeFailure(
  error: unknown,
  request: {
    readonly url: string;
    readonly endpoint: string;
    readonly timedOut: boolean;
    readonly unreachableHint: string;
  },
): AppWorldError {
  const { url, endpoint } = request;
  if (request.timedOut) {
    return new AppWorldError({
      kind: 'timeout',
      url,
      endpoint,
      message: `The server at ${url} did not answer ${endpoint} within the request timeout; it may be hung (restart it) or the timeout too short (benchmarkSettings.requestTimeoutMs).`,
      cause: error,
    });
  }
  const code = socketCode(error);
  if (code !== undefined && unreachableCodes.has(code)) {
    return new AppWorldError({
      kind: 'unreachable',
      url,
      endpoint,
      message: `Nothing answers at ${url} (${code} on ${endpoint}): the server is not running. ${request.unreachableHint}`,
      cause: error,
    });
  }
  return new AppWorldError({
    kind: 'connection-lost',
    url,
    endpoint,
    message: `The server at ${url} dropped the connection during ${endpoint} (${code ?? (error instanceof Error ? error.message : String(error))}); the server process most likely died.`,
    cause: error,
  });
}

/** The `AppWorldError` for a non-2xx answer, classified by status and FastAPI `detail`. */
export function requestError(response: {
  readonly url: string;
  readonly endpoint: string;
  readonly status: number;
  readonly text: string;
  readonly serverErrorHint?: string | undefined;
}): AppWorldError {
  const { url, endpoint, status } = response;
  const detail = readDetail(response.text);
  const base = { url, endpoint, statusCode: status, detail };
  const said = `HTTP ${status}: ${detail}`;
  let kind: AppWorldErrorKind = 'http';
  let message = `AppWorld server at ${url} refused ${endpoint} (${said}).`;
  if (status === 400 && detail.includes('has not been initialized')) {
    kind = 'not-initialized';
    message = `AppWorld server at ${url} holds no task world (${said}): it was restarted, or the task was already closed.`;
  } else if (status === 400 && detail.startsWith('The active task world is')) {
    kind = 'task-mismatch';
    message = `AppWorld server at ${url} is running another task (${said}): another client is using this server. AppWorld runs one task per server process, so give every run its own servers.`;
  } else if (status === 422) {
    kind = 'invalid-request';
    message = `AppWorld server at ${url} rejected the body of ${endpoint} (${said}); was the server started from an AppWorld version whose endpoints differ?`;
  } else if (status === 404) {
    kind = 'not-found';
    message = `AppWorld server at ${url} has no ${endpoint} (${said}); is it an AppWorld environment server (\`appworld serve environment\`), and not \`appworld serve apis\`?`;
  } else if (status >= 500) {
    kind = 'server-error';
    message = `AppWorld server at ${url} failed on ${endpoint} (${said}).${response.serverErrorHint === undefined ? '' : ` ${response.serverErrorHint}`}`;
  }
  return new AppWorldError({ kind, message, ...base });
}

function readDetail(text: string): string {
  let detail = text.trim();
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const value = parsed.data.detail;
      detail =
        typeof value === 'string'
          ? value
          : value
              .map((issue) => `${(issue.loc ?? []).join('.')}: ${issue.msg ?? 'invalid'}`)
              .join('; ');
    }
  } catch {
    // A plain-text body (FastAPI's "Internal Server Error") is the detail itself.
  }
  if (detail === '') detail = 'no error message';
  return detail.length <= maxDetailLength ? detail : `${detail.slice(0, maxDetailLength)}…`;
}

function socketCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current !== undefined && depth < 4; depth++) {
    const code = (current as { code?: unknown } | null)?.code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown } | null)?.cause;
  }
  return undefined;
}
