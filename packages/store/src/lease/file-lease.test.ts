import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLease, inspectLease } from './file-lease.js';
import { LeaseHeldError, LeaseLostError } from './lease-error.js';
import type { LeaseHolder } from './lease-holder.js';
import { currentProcessIdentity } from './machine-identity.js';

const root = mkdtempSync(join(tmpdir(), 'forge-lease-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const leasePath = () => join(root, `lease-${counter++}.lock`);

function caught(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

function writeHolder(path: string, overrides: Partial<LeaseHolder>): LeaseHolder {
  const self = currentProcessIdentity();
  const holder: LeaseHolder = {
    version: 1,
    token: 'someone-else',
    pid: self.pid,
    host: self.host,
    ...(self.bootId === undefined ? {} : { bootId: self.bootId }),
    ...(self.pidNamespace === undefined ? {} : { pidNamespace: self.pidNamespace }),
    description: 'forge optimize',
    acquiredAt: new Date().toISOString(),
    heartbeatAt: new Date().toISOString(),
    ttlMs: 30_000,
    ...overrides,
  };
  writeFileSync(path, JSON.stringify(holder));
  return holder;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  return Number(
    execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']),
  );
}

describe('acquireLease', () => {
  it('records pid, host and heartbeat, refuses a second taker naming the holder, and frees on release', () => {
    const path = leasePath();
    const lease = acquireLease(path, { description: 'forge optimize', heartbeatMs: false });
    const saved = JSON.parse(readFileSync(path, 'utf8')) as LeaseHolder;
    expect(saved).toMatchObject({ pid: process.pid, description: 'forge optimize', ttlMs: 30_000 });
    expect(saved.host.length).toBeGreaterThan(0);
    expect(Date.parse(saved.heartbeatAt)).toBeGreaterThan(Date.now() - 5000);

    const refusal = caught(() =>
      acquireLease(path, {
        description: 'forge optimize --resume',
        subject: 'the run directory /runs/a',
        advice: 'Wait for it to finish.',
      }),
    );
    expect(LeaseHeldError.isInstance(refusal)).toBe(true);
    const message = (refusal as LeaseHeldError).message;
    expect(message).toContain('the run directory /runs/a is in use');
    expect(message).toContain(`pid ${process.pid} on host "${saved.host}" (forge optimize)`);
    expect(message).toContain('Wait for it to finish.');
    expect((refusal as LeaseHeldError).holder?.token).toBe(saved.token);

    lease.release();
    expect(existsSync(path)).toBe(false);
    acquireLease(path, { description: 'next', heartbeatMs: false }).release();
    // No temporary files are left behind.
    expect(
      readdirSync(root).filter((name) => name.startsWith(path.split('/').at(-1) ?? '')),
    ).toEqual([]);
  });

  it('takes over a lease whose process on this machine is gone', () => {
    const path = leasePath();
    writeHolder(path, { pid: deadPid() });
    expect(inspectLease(path)).toMatchObject({
      state: 'stale',
      reason: expect.stringContaining('is gone'),
    });
    const lease = acquireLease(path, { description: 'resumer', heartbeatMs: false });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      token: lease.holder.token,
      pid: process.pid,
    });
    lease.release();
  });

  it('leaves a fresh takeover guard to its taker, and clears one its taker died holding', () => {
    const path = leasePath();
    writeHolder(path, { pid: deadPid() });
    // Another process is taking the dead lease over right now: this one stands aside.
    writeFileSync(`${path}.takeover`, 'someone');
    expect(
      LeaseHeldError.isInstance(
        caught(() => acquireLease(path, { description: 'late', heartbeatMs: false })),
      ),
    ).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).not.toBe(process.pid);
    // A guard a minute old was left by a taker that died: it is cleared and the lease taken.
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${path}.takeover`, aMinuteAgo, aMinuteAgo);
    const lease = acquireLease(path, { description: 'resumer', heartbeatMs: false });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ token: lease.holder.token });
    expect(existsSync(`${path}.takeover`)).toBe(false);
    lease.release();
  });

  it('leaves a live holder on another machine alone until its heartbeat expires', () => {
    const path = leasePath();
    const heartbeatAt = Date.parse('2026-12-03T12:00:00Z');
    writeHolder(path, {
      pid: deadPid(),
      host: 'another-machine',
      bootId: 'another-boot',
      heartbeatAt: new Date(heartbeatAt).toISOString(),
      ttlMs: 30_000,
    });
    const at = (now: number) => ({
      description: 'me',
      heartbeatMs: false as const,
      now: () => now,
    });
    const refusal = caught(() => acquireLease(path, at(heartbeatAt + 29_000)));
    expect((refusal as LeaseHeldError).message).toContain('host "another-machine"');
    expect((refusal as LeaseHeldError).message).toContain('last heartbeat 29 s ago');
    const lease = acquireLease(path, at(heartbeatAt + 31_000));
    expect(lease.holder.description).toBe('me');
    lease.release();
  });

  it('beats: the heartbeat moves forward while the lease is held', () => {
    const path = leasePath();
    let now = Date.parse('2026-12-03T12:00:00Z');
    const lease = acquireLease(path, { description: 'me', heartbeatMs: false, now: () => now });
    now += 5_000;
    lease.heartbeat();
    expect(JSON.parse(readFileSync(path, 'utf8')).heartbeatAt).toBe('2026-12-03T12:00:05.000Z');
    lease.assertHeld();
    lease.release();
  });

  it('notices when the lease was taken over, aborts its signal and leaves the new holder alone', () => {
    const path = leasePath();
    const lost: LeaseLostError[] = [];
    const lease = acquireLease(path, {
      description: 'me',
      heartbeatMs: false,
      onLost: (error) => lost.push(error),
    });
    writeHolder(path, {
      token: 'the-new-holder',
      host: 'another-machine',
      description: 'worker 7',
    });
    lease.heartbeat();
    expect(lease.signal.aborted).toBe(true);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.message).toContain('lost its lease to pid');
    expect(lost[0]?.message).toContain('(worker 7)');
    expect(LeaseLostError.isInstance(caught(() => lease.assertHeld()))).toBe(true);
    lease.release();
    expect(JSON.parse(readFileSync(path, 'utf8')).token).toBe('the-new-holder');
  });

  it('treats a vanished lease file as lost on the second look', () => {
    const path = leasePath();
    const lease = acquireLease(path, { description: 'me', heartbeatMs: false });
    rmSync(path);
    lease.heartbeat();
    lease.assertHeld();
    lease.heartbeat();
    expect(LeaseLostError.isInstance(caught(() => lease.assertHeld()))).toBe(true);
  });

  it('beats on its own timer', async () => {
    const path = leasePath();
    const lease = acquireLease(path, { description: 'me', heartbeatMs: 20 });
    const first = JSON.parse(readFileSync(path, 'utf8')).heartbeatAt as string;
    await new Promise((resolve) => setTimeout(resolve, 120));
    const later = JSON.parse(readFileSync(path, 'utf8')).heartbeatAt as string;
    lease.release();
    expect(Date.parse(later)).toBeGreaterThan(Date.parse(first));
  });

  it('judges a file that is not a lease by its age', () => {
    const path = leasePath();
    writeFileSync(path, 'garbage');
    expect(
      LeaseHeldError.isInstance(
        caught(() => acquireLease(path, { description: 'me', heartbeatMs: false })),
      ),
    ).toBe(true);
    const later = Date.now() + 60_000;
    acquireLease(path, { description: 'me', heartbeatMs: false, now: () => later }).release();
  });

  it('lets exactly one of many processes racing for the same dead lease take it over', async () => {
    const script = fileURLToPath(new URL('./__fixtures__/take-lease.ts', import.meta.url));
    for (let round = 0; round < 2; round++) {
      const path = leasePath();
      writeHolder(path, { pid: deadPid() });
      const startAt = Date.now() + 4000;
      const children: ReturnType<typeof spawn>[] = [];
      const racers = Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(
              process.execPath,
              ['--import', 'tsx', script, path, String(startAt)],
              { stdio: ['ignore', 'pipe', 'inherit'] },
            );
            children.push(child);
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => {
              output += chunk.toString();
              if (output.includes('\n')) resolve(output.trim());
            });
            child.on('close', () => resolve(output.trim()));
          }),
      );
      const outcomes = await Promise.all(racers);
      // The winner holds its lease until every racer has answered.
      for (const child of children) child.kill('SIGKILL');
      expect(
        outcomes.filter((outcome) => outcome === 'won'),
        outcomes.join(','),
      ).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'held')).toHaveLength(5);
    }
  }, 60_000);
});
