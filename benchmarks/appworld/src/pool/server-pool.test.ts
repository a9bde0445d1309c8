import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeAppWorldServer } from '../testing/fake-appworld-server.js';
import { AppWorldPoolExhaustedError } from './pool-exhausted-error.js';
import { createFileServerClaims } from './server-claims.js';
import { AppWorldServerPool, type ServerPoolEvent } from './server-pool.js';

const claimsRoot = mkdtempSync(join(tmpdir(), 'forge-appworld-pool-claims-'));
afterAll(() => rmSync(claimsRoot, { recursive: true, force: true }));

/** A bare server answering the health check on a given port (a "restarted" server). */
async function listenOn(port: number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"message":"back"}');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('AppWorldServerPool', () => {
  it('hands each server to one task at a time; later tasks wait in arrival order', async () => {
    await using a = await startFakeAppWorldServer();
    await using b = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [a.url, b.url] });
    const first = await pool.acquire();
    const second = await pool.acquire();
    expect([first.url, second.url]).toEqual([a.url, b.url]);
    const order: string[] = [];
    const third = pool.acquire().then((lease) => {
      order.push(`third:${lease.url}`);
      return lease;
    });
    const fourth = pool.acquire().then((lease) => {
      order.push(`fourth:${lease.url}`);
      return lease;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    second.release();
    (await third).release();
    await fourth;
    expect(order).toEqual([`third:${b.url}`, `fourth:${b.url}`]);
    expect(pool.status().map((server) => server.state)).toEqual(['busy', 'busy']);
  });

  it('health-checks before handing out: a dead server leaves the pool, with the reason', async () => {
    await using alive = await startFakeAppWorldServer();
    const dead = await startFakeAppWorldServer();
    await dead.kill();
    const events: ServerPoolEvent[] = [];
    const pool = new AppWorldServerPool({
      urls: [dead.url, alive.url],
      onEvent: (event) => events.push(event),
    });
    const lease = await pool.acquire();
    expect(lease.url).toBe(alive.url);
    expect(events).toEqual([
      { type: 'server-out', url: dead.url, reason: expect.stringContaining('health check failed') },
    ]);
    expect(pool.status()[0]).toMatchObject({
      state: 'out',
      reason: expect.stringContaining('not running'),
    });
    lease.retire('died mid-task');
    expect(pool.status()[1]).toMatchObject({ state: 'out', reason: 'died mid-task' });
  });

  it('fails with every server and its reason once all stay out past the wait', async () => {
    const one = await startFakeAppWorldServer();
    const two = await startFakeAppWorldServer();
    await one.kill();
    await two.kill();
    const pool = new AppWorldServerPool({
      urls: [one.url, two.url],
      waitForServerMs: 150,
      probeIntervalMs: 50,
    });
    const started = Date.now();
    const error = await pool.acquire().catch((caught: unknown) => caught);
    expect(AppWorldPoolExhaustedError.isInstance(error)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    const exhausted = error as AppWorldPoolExhaustedError;
    expect(exhausted.servers.map((server) => server.url)).toEqual([one.url, two.url]);
    expect(exhausted.message).toContain('forge appworld serve -n 2');
    expect(exhausted.message).toContain('--resume');
  });

  it('takes a restarted server back while a task waits for one', async () => {
    const original = await startFakeAppWorldServer();
    const port = Number(new URL(original.url).port);
    await original.kill();
    const events: ServerPoolEvent[] = [];
    const pool = new AppWorldServerPool({
      urls: [original.url],
      waitForServerMs: 5_000,
      probeIntervalMs: 50,
      onEvent: (event) => events.push(event),
    });
    const waiting = pool.acquire();
    await new Promise((resolve) => setTimeout(resolve, 120));
    const restarted = await listenOn(port);
    try {
      const lease = await waiting;
      expect(lease.url).toBe(original.url);
      expect(events.map((event) => event.type)).toEqual(['server-out', 'server-back']);
    } finally {
      await new Promise((resolve) => restarted.close(resolve));
    }
  });

  it('stops waiting when the caller aborts', async () => {
    await using server = await startFakeAppWorldServer();
    const pool = new AppWorldServerPool({ urls: [server.url] });
    await pool.acquire();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort(new Error('run stopped'));
    await expect(waiting).rejects.toThrow('run stopped');
  });

  it('shares a server with another pool on this machine task by task: the second waits for the first to release it', async () => {
    await using server = await startFakeAppWorldServer();
    const claims = createFileServerClaims({ directory: join(claimsRoot, 'shared') });
    const first = new AppWorldServerPool({ urls: [server.url], claims, claimPollMs: 10 });
    const secondEvents: ServerPoolEvent[] = [];
    let toldHeld: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      toldHeld = resolve;
    });
    const second = new AppWorldServerPool({
      urls: [server.url],
      claims,
      claimPollMs: 10,
      onEvent: (event) => {
        secondEvents.push(event);
        if (event.type === 'server-held-elsewhere') toldHeld();
      },
    });
    const lease = await first.acquire();
    let secondLease: Awaited<ReturnType<typeof second.acquire>> | undefined;
    const waiting = second.acquire().then((taken) => {
      secondLease = taken;
      return taken;
    });
    await held;
    expect(secondLease).toBeUndefined();
    expect(secondEvents).toEqual([{ type: 'server-held-elsewhere', url: server.url }]);
    lease.release();
    expect((await waiting).url).toBe(server.url);
    // Now the first pool waits for the second's task.
    const firstAgain = first.acquire();
    (await waiting).release();
    (await firstAgain).release();
    // Told once per hold, not once per look.
    expect(secondEvents).toHaveLength(1);
  });

  it('tells once when more tasks want a server at once than the pool has servers', async () => {
    await using a = await startFakeAppWorldServer();
    await using b = await startFakeAppWorldServer();
    const events: ServerPoolEvent[] = [];
    const pool = new AppWorldServerPool({
      urls: [a.url, b.url],
      claims: createFileServerClaims({ directory: join(claimsRoot, 'smaller') }),
      onEvent: (event) => events.push(event),
    });
    // Two tasks at once on two servers: nothing to say.
    const two = await Promise.all([pool.acquire(), pool.acquire()]);
    for (const lease of two) lease.release();
    expect(events).toEqual([]);
    // Three at once: the third waits its turn, and the pool says so once.
    const first = await pool.acquire();
    const second = await pool.acquire();
    const third = pool.acquire();
    expect(events).toEqual([{ type: 'pool-smaller-than-concurrency', servers: 2, tasks: 3 }]);
    first.release();
    const fourth = pool.acquire();
    second.release();
    (await third).release();
    (await fourth).release();
    expect(events).toHaveLength(1);
  });
});
