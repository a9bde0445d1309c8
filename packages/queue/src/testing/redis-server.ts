import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** A `redis-server` started for a test, on a loopback port, keeping nothing on disk. */
export interface TestRedisServer {
  /** `redis://127.0.0.1:<port>` (with the password, when one is required). */
  readonly url: string;
  /** The port. */
  readonly port: number;
  /** `rediss://127.0.0.1:<port>` when started with TLS files. */
  readonly tlsUrl?: string;
  /** Stops it and waits until it has exited. */
  stop(): Promise<void>;
}

/** Where Debian's package puts the server (`scripts/setup.sh` installs it). */
export const redisServerPath = process.env['FORGE_REDIS_SERVER'] ?? '/usr/bin/redis-server';

/**
 * Starts a real `redis-server` on a free loopback port with persistence off, and resolves once
 * it accepts connections. A missing server is an error naming how to install it: the queue's
 * tests never skip.
 */
export async function startRedisServer(
  options: {
    /** Require this password of the default user (`requirepass`). */
    readonly password?: string;
    /** Also listen with TLS on another loopback port, with these PEM files. */
    readonly tls?: { readonly cert: string; readonly key: string; readonly ca: string };
  } = {},
): Promise<TestRedisServer> {
  if (!existsSync(redisServerPath)) {
    throw new Error(
      `${redisServerPath} is missing: the queue's tests need Debian's redis-server (bash scripts/setup.sh, or apt-get install redis-server)`,
    );
  }
  const port = await freePort();
  const tlsPort = options.tls === undefined ? undefined : await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  if (options.password !== undefined) args.push('--requirepass', options.password);
  if (options.tls !== undefined) {
    args.push(
      ...['--tls-port', String(tlsPort), '--tls-cert-file', options.tls.cert],
      ...['--tls-key-file', options.tls.key, '--tls-ca-cert-file', options.tls.ca],
      ...['--tls-auth-clients', 'optional'],
    );
  }
  const child = spawn(redisServerPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited with ${code} before it was ready:\n${output}`)),
    );
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const auth = options.password === undefined ? '' : `:${encodeURIComponent(options.password)}@`;
  return {
    url: `redis://${auth}127.0.0.1:${port}`,
    port,
    ...(tlsPort === undefined ? {} : { tlsUrl: `rediss://127.0.0.1:${tlsPort}` }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
