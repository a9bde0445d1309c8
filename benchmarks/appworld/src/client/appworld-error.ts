import { ForgeError } from '@forge/provider';

const name = 'AppWorldError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** What went wrong talking to an AppWorld environment server. */
export type AppWorldErrorKind =
  /** Nothing listens at the URL (connection refused, unknown host). */
  | 'unreachable'
  /** The connection broke while a request was in flight: the server process most likely died. */
  | 'connection-lost'
  /** No answer within the request timeout. */
  | 'timeout'
  /** HTTP 400 "AppWorld has not been initialized.": the server holds no task world (it restarted). */
  | 'not-initialized'
  /** HTTP 400 "The active task world is …": another client initialised a different task on it. */
  | 'task-mismatch'
  /** HTTP 422: the server rejected the request body (a client or version mismatch). */
  | 'invalid-request'
  /** HTTP 404: the endpoint does not exist (an AppWorld version without it). */
  | 'not-found'
  /** HTTP 5xx: the server raised, e.g. while loading an unknown task. */
  | 'server-error'
  /** Any other HTTP status. */
  | 'http'
  /** A 2xx answer that is not the JSON the endpoint returns. */
  | 'invalid-response';

/** The kinds after which the server cannot be trusted with another task. */
const downKinds: ReadonlySet<AppWorldErrorKind> = new Set([
  'unreachable',
  'connection-lost',
  'timeout',
  'task-mismatch',
]);

/**
 * A request to an AppWorld environment server failed. The message says what to do (start the
 * server, check its `--root`); `isServerDown` tells the pool to stop handing the server out.
 */
export class AppWorldError extends ForgeError {
  protected readonly [symbol] = true;
  /** What went wrong. */
  readonly kind: AppWorldErrorKind;
  /** The server's base URL. */
  readonly url: string;
  /** The endpoint called, e.g. `POST /execute`. */
  readonly endpoint: string;
  /** HTTP status, when the server answered. */
  readonly statusCode: number | undefined;
  /** The server's `detail` text (or body, truncated), when it answered with an error. */
  readonly detail: string | undefined;

  constructor(options: {
    kind: AppWorldErrorKind;
    url: string;
    endpoint: string;
    message: string;
    statusCode?: number;
    detail?: string;
    cause?: unknown;
  }) {
    super({ name, message: options.message, cause: options.cause });
    this.kind = options.kind;
    this.url = options.url;
    this.endpoint = options.endpoint;
    this.statusCode = options.statusCode;
    this.detail = options.detail;
  }

  /**
   * True when the server should leave the pool: it is gone, hung, or serving another client's
   * task (AppWorld holds one task world per process, so sharing it corrupts both runs).
   */
  get isServerDown(): boolean {
    return downKinds.has(this.kind);
  }

  static override isInstance(error: unknown): error is AppWorldError {
    return ForgeError.hasMarker(error, marker);
  }
}

/** The sentence that tells a user how to get environment servers running. */
export function startServersHint(url: string): string {
  const port = portOf(url);
  return `Start it with \`appworld serve environment --port ${port}\` (after \`pip install appworld && appworld install && appworld download data\`), or start and supervise N servers with \`forge appworld serve -n N\`.`;
}

function portOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port === '' ? (parsed.protocol === 'https:' ? '443' : '80') : parsed.port;
  } catch {
    return '8000';
  }
}
