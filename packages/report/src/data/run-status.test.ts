import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runStatus, type WriterProbe } from './run-status.js';

const probe = (alive: readonly number[]): WriterProbe => ({
  host: 'this-host',
  isAlive: (pid) => alive.includes(pid),
});
const meta = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('runStatus', () => {
  it('keeps a final status as saved', () => {
    for (const status of ['completed', 'stopped', 'failed'] as const) {
      expect(
        runStatus(meta({ status, writer_pid: '7', writer_host: 'this-host' }), probe([])),
      ).toBe(status);
    }
  });

  it('calls a running run interrupted when its writer on this machine is gone', () => {
    const running = meta({ status: 'running', writer_pid: '4242', writer_host: 'this-host' });
    expect(runStatus(running, probe([4242]))).toBe('running');
    expect(runStatus(running, probe([]))).toBe('interrupted');
  });

  it('cannot judge a writer on another machine, or a run saved before writers were recorded', () => {
    expect(
      runStatus(meta({ status: 'running', writer_pid: '1', writer_host: 'elsewhere' }), probe([])),
    ).toBe('running');
    expect(runStatus(meta({ status: 'running' }), probe([]))).toBe('running');
    expect(runStatus(meta({}), probe([]))).toBe('running');
  });

  it('trusts the lease when there is one: held is running, stale or free is interrupted', () => {
    const running = meta({ status: 'running', writer_pid: '1', writer_host: 'elsewhere' });
    const holder = {
      version: 1,
      token: 't',
      pid: 1,
      host: 'elsewhere',
      description: 'forge optimize',
      acquiredAt: '2026-12-03T10:00:00Z',
      heartbeatAt: '2026-12-03T10:00:00Z',
      ttlMs: 30_000,
    } as const;
    const held = { state: 'held', holder, reason: 'heartbeat 2 s ago' } as const;
    const stale = { state: 'stale', holder, reason: 'no heartbeat for 45 s' } as const;
    expect(runStatus(running, probe([]), held)).toBe('running');
    expect(runStatus(running, probe([]), stale)).toBe('interrupted');
    expect(runStatus(running, probe([]), { state: 'free' })).toBe('interrupted');
    // A lease being rewritten says nothing: the saved writer decides, as without a lease.
    expect(runStatus(running, probe([]), { state: 'unreadable', reason: 'empty' })).toBe('running');
    expect(runStatus(meta({ status: 'completed' }), probe([]), held)).toBe('completed');
  });

  it('checks real processes with the local probe', () => {
    const host = hostname();
    const self = meta({ status: 'running', writer_pid: String(process.pid), writer_host: host });
    expect(runStatus(self)).toBe('running');
    const child = spawnSync(process.execPath, ['-e', '0']);
    const gone = meta({ status: 'running', writer_pid: String(child.pid), writer_host: host });
    expect(runStatus(gone)).toBe('interrupted');
  });
});
