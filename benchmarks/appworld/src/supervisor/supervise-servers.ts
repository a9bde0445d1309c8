import { type ChildProcess, spawn } from 'node:child_process';
import { sleep } from '@forge/provider';
import { defaultEnvironmentPort } from '../appworld-settings.js';
import { AppWorldClient } from '../client/appworld-client.js';
import { findCommand } from './find-command.js';
import { AppWorldServerStartError } from './server-start-error.js';

/** Options of `superviseAppWorldServers`. */
export interface SuperviseServersOptions {
  /** How many servers (N). */
  readonly count: number;
  /** Port of the first server; the others take the next ports. Default 8000. */
  readonly basePort?: number;
  /** Host in the printed URLs and health checks. Default `127.0.0.1`. */
  readonly host?: string;
  /** The AppWorld root, passed as `--root`. Default: the server's own default (its working directory). */
  readonly root?: string;
  /** The command. Default `appworld`, looked up on PATH. */
  readonly command?: string;
  /** Environment of the servers (and the PATH searched). Default `process.env`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  /** How long one start may take before it is killed and retried (ms). Default 180,000. */
  readonly startupTimeoutMs?: number;
  /** Wait before the first restart (ms); doubles while a server keeps failing. Default 1,000. */
  readonly restartDelayMs?: number;
  /** Longest wait between restarts (ms). Default 30,000. */
  readonly maxRestartDelayMs?: number;
  /** Told about starts, readiness, exits and restarts. */
  readonly onEvent?: (event: SupervisorEvent) => void;
}

/** What happened to a supervised server. */
export type SupervisorEvent =
  | {
      readonly type: 'server-starting';
      readonly url: string;
      readonly pid: number | undefined;
      readonly start: number;
    }
  | { readonly type: 'server-ready'; readonly url: string; readonly start: number }
  | {
      readonly type: 'server-exited';
      readonly url: string;
      readonly code: number | null;
      readonly signal: string | null;
      /** The last lines the process printed. */
      readonly output: readonly string[];
    }
  | { readonly type: 'server-restarting'; readonly url: string; readonly delayMs: number };

/** Running servers under supervision. */
export interface AppWorldServerSupervisor {
  /** The servers' URLs, in port order. */
  readonly urls: readonly string[];
  /** Resolves once every server answered once; rejects after `timeoutMs` naming the ones that did not. */
  waitUntilReady(timeoutMs?: number): Promise<void>;
  /** Each server: URL, whether it answers now, how often it was (re)started. */
  status(): readonly { readonly url: string; readonly ready: boolean; readonly starts: number }[];
  /** Stops every server (SIGTERM, then SIGKILL after 5 s) and the supervision. */
  stop(): Promise<void>;
}

const outputLines = 20;

interface Supervised {
  readonly url: string;
  readonly port: number;
  child: ChildProcess | undefined;
  ready: boolean;
  everReady: boolean;
  starts: number;
  failuresInARow: number;
  output: string[];
  /** What the last process printed before it exited (reported while its successor is silent). */
  exitOutput: string[];
}

/**
 * Starts N `appworld serve environment` processes on N consecutive ports and keeps them up: a
 * server that exits (or does not answer within the startup timeout) is started again after a
 * delay that doubles while it keeps failing. AppWorld runs one task per process, so N servers
 * serve a run of concurrency N.
 * @throws AppWorldCommandNotFoundError when the command is not on PATH.
 */
export function superviseAppWorldServers(
  options: SuperviseServersOptions,
): AppWorldServerSupervisor {
  const environment = options.environment ?? process.env;
  const command = findCommand(options.command ?? 'appworld', environment);
  const basePort = options.basePort ?? defaultEnvironmentPort;
  const host = options.host ?? '127.0.0.1';
  const startupTimeoutMs = options.startupTimeoutMs ?? 180_000;
  const restartDelayMs = options.restartDelayMs ?? 1_000;
  const maxRestartDelayMs = options.maxRestartDelayMs ?? 30_000;
  if (!Number.isInteger(options.count) || options.count < 1)
    throw new RangeError(
      `superviseAppWorldServers: count must be a positive integer, got ${options.count}`,
    );
  const stopping = new AbortController();
  const servers: Supervised[] = Array.from({ length: options.count }, (_, index) => ({
    url: `http://${host}:${basePort + index}`,
    port: basePort + index,
    child: undefined,
    ready: false,
    everReady: false,
    starts: 0,
    failuresInARow: 0,
    output: [],
    exitOutput: [],
  }));
  const emit = (event: SupervisorEvent) => options.onEvent?.(event);

  const start = (server: Supervised) => {
    if (stopping.signal.aborted) return;
    server.starts += 1;
    server.ready = false;
    server.output = [];
    const args = ['serve', 'environment', '--port', String(server.port)];
    if (options.root !== undefined) args.push('--root', options.root);
    const child = spawn(command, args, {
      env: { ...environment } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.child = child;
    const keep = (chunk: Buffer) => {
      server.output.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line.trim() !== ''),
      );
      server.output.splice(0, Math.max(0, server.output.length - outputLines));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let exited = false;
    const onExit = (code: number | null, signal: string | null) => {
      if (exited) return;
      exited = true;
      server.ready = false;
      server.child = undefined;
      if (stopping.signal.aborted) return;
      server.exitOutput = [...server.output];
      emit({ type: 'server-exited', url: server.url, code, signal, output: server.exitOutput });
      const delayMs = Math.min(maxRestartDelayMs, restartDelayMs * 2 ** server.failuresInARow);
      server.failuresInARow += 1;
      emit({ type: 'server-restarting', url: server.url, delayMs });
      void sleep(delayMs, { signal: stopping.signal }).then(
        () => start(server),
        () => undefined,
      );
    };
    child.on('exit', onExit);
    child.on('error', (error) => {
      keep(Buffer.from(String(error)));
      onExit(null, null);
    });
    emit({ type: 'server-starting', url: server.url, pid: child.pid, start: server.starts });
    void watchStartup(server, child);
  };

  const watchStartup = async (server: Supervised, child: ChildProcess) => {
    const client = new AppWorldClient({ url: server.url, timeoutMs: 2_000 });
    const deadline = Date.now() + startupTimeoutMs;
    while (server.child === child && !stopping.signal.aborted) {
      try {
        await client.index({ abortSignal: stopping.signal });
        server.ready = true;
        server.everReady = true;
        server.failuresInARow = 0;
        emit({ type: 'server-ready', url: server.url, start: server.starts });
        return;
      } catch {
        if (Date.now() > deadline) {
          server.output.push(
            `no answer within ${Math.round(startupTimeoutMs / 1000)} s; restarting`,
          );
          child.kill('SIGTERM');
          return;
        }
        await sleep(250, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  };

  for (const server of servers) start(server);

  return {
    urls: servers.map((server) => server.url),
    async waitUntilReady(timeoutMs = startupTimeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!servers.every((server) => server.everReady)) {
        if (stopping.signal.aborted) throw new Error('the supervisor was stopped');
        if (Date.now() > deadline) {
          throw new AppWorldServerStartError({
            servers: servers
              .filter((server) => !server.everReady)
              .map((server) => ({
                url: server.url,
                output: [...(server.output.length > 0 ? server.output : server.exitOutput)],
              })),
            waitedMs: timeoutMs,
          });
        }
        await sleep(100);
      }
    },
    status: () =>
      servers.map((server) => ({ url: server.url, ready: server.ready, starts: server.starts })),
    async stop() {
      stopping.abort();
      await Promise.all(servers.map((server) => stopChild(server.child)));
    },
  };
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
