import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { AppWorldCommandNotFoundError } from './find-command.js';
import { AppWorldServerStartError } from './server-start-error.js';
import { type SupervisorEvent, superviseAppWorldServers } from './supervise-servers.js';

// A stand-in for the `appworld` command: `appworld serve environment --port P --root R` answers
// the health check on P and logs its arguments; with FAKE_APPWORLD_FAIL set it exits at once.
const base = mkdtempSync(join(tmpdir(), 'forge-appworld-supervisor-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const bin = join(base, 'bin');
mkdirSync(bin);
const log = join(base, 'starts.log');
writeFileSync(
  join(bin, 'appworld'),
  `#!${process.execPath}
const { appendFileSync } = require('node:fs');
const http = require('node:http');
const args = process.argv.slice(2);
appendFileSync(${JSON.stringify(log)}, args.join(' ') + '\\n');
if (process.env.FAKE_APPWORLD_FAIL) { console.error('data not found'); process.exit(3); }
const port = Number(args[args.indexOf('--port') + 1]);
http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"message":"Welcome (test stand-in)"}');
}).listen(port, '127.0.0.1');
`,
);
chmodSync(join(bin, 'appworld'), 0o755);

async function freePorts(count: number): Promise<number> {
  for (;;) {
    const start = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all(
      Array.from({ length: count }, (_, index) => isFree(start + index)),
    );
    if (free.every(Boolean)) return start;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('superviseAppWorldServers', () => {
  it('starts N servers on N ports, restarts one that dies, and stops them all', async () => {
    const port = await freePorts(2);
    const events: SupervisorEvent[] = [];
    const supervisor = superviseAppWorldServers({
      count: 2,
      basePort: port,
      root: '/data/appworld-root',
      environment: { PATH: bin },
      restartDelayMs: 20,
      onEvent: (event) => events.push(event),
    });
    try {
      expect(supervisor.urls).toEqual([`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`]);
      await supervisor.waitUntilReady(15_000);
      expect(readFileSync(log, 'utf8')).toContain(
        `serve environment --port ${port} --root /data/appworld-root`,
      );
      const first = events.find(
        (event) => event.type === 'server-starting' && event.url === supervisor.urls[1],
      ) as { pid: number };
      process.kill(first.pid, 'SIGKILL');
      await until(
        () => events.some((event) => event.type === 'server-ready' && event.start === 2),
        'the restart',
      );
      expect(events.map((event) => event.type)).toContain('server-exited');
      expect(events).toContainEqual({
        type: 'server-restarting',
        url: supervisor.urls[1],
        delayMs: 20,
      });
      expect(supervisor.status()).toEqual([
        { url: supervisor.urls[0], ready: true, starts: 1 },
        { url: supervisor.urls[1], ready: true, starts: 2 },
      ]);
    } finally {
      await supervisor.stop();
    }
    const pids = events.flatMap((event) =>
      event.type === 'server-starting' ? [event.pid as number] : [],
    );
    expect(pids).toHaveLength(3);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it('backs off a server that keeps failing and reports what it printed', async () => {
    const port = await freePorts(1);
    const events: SupervisorEvent[] = [];
    const supervisor = superviseAppWorldServers({
      count: 1,
      basePort: port,
      environment: { PATH: bin, FAKE_APPWORLD_FAIL: '1' },
      restartDelayMs: 20,
      onEvent: (event) => events.push(event),
    });
    const delays = () =>
      events.flatMap((event) => (event.type === 'server-restarting' ? [event.delayMs] : []));
    try {
      // Wait for three restarts however slow process start-up is on a loaded machine.
      const deadline = Date.now() + 20_000;
      while (delays().length < 3 && Date.now() < deadline) await sleep(20);
      expect(delays().slice(0, 3)).toEqual([20, 40, 80]);
      const error = await supervisor.waitUntilReady(0).catch((caught: unknown) => caught);
      expect(AppWorldServerStartError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain('data not found');
    } finally {
      await supervisor.stop();
    }
  });

  it('says how to install AppWorld when the command is not on PATH', () => {
    expect(() => superviseAppWorldServers({ count: 1, environment: { PATH: base } })).toThrow(
      AppWorldCommandNotFoundError,
    );
    expect(() => superviseAppWorldServers({ count: 1, environment: { PATH: base } })).toThrow(
      'pip install appworld',
    );
  });
});
