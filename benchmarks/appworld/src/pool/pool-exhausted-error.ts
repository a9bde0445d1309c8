import { ForgeError } from '@forge/provider';

const name = 'AppWorldPoolExhaustedError';
const marker = `forge.error.${name}`;
const symbol = Symbol.for(marker);

/** Why one server is out of the pool. */
export interface OutOfPoolServer {
  /** The server's base URL. */
  readonly url: string;
  /** Why it was taken out (its last failure). */
  readonly reason: string;
}

/**
 * Every environment server of the pool is out (dead, hung or unreachable) and none came back
 * within the wait. A single server's death fails only the task it was running; this error is
 * what stops a run, because no task can be evaluated at all.
 */
export class AppWorldPoolExhaustedError extends ForgeError {
  protected readonly [symbol] = true;
  /** Each server and why it is out. */
  readonly servers: readonly OutOfPoolServer[];

  constructor(options: { servers: readonly OutOfPoolServer[]; waitedMs: number; cause?: unknown }) {
    const list = options.servers.map((server) => `${server.url} (${server.reason})`).join('; ');
    super({
      name,
      message: `No AppWorld environment server is available after waiting ${Math.round(options.waitedMs / 1000)} s: ${list}. Start them with \`forge appworld serve -n ${options.servers.length}\` (or \`appworld serve environment --port <port>\` for each), then continue the run with \`forge optimize --resume <run-dir>\`.`,
      cause: options.cause,
    });
    this.servers = options.servers;
  }

  static override isInstance(error: unknown): error is AppWorldPoolExhaustedError {
    return ForgeError.hasMarker(error, marker);
  }
}
