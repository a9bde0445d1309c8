import { describe, expect, it } from 'vitest';
import { judgeLeaseHolder, type LeaseHolder, type LeaseObserver } from './lease-holder.js';

const now = Date.parse('2026-12-03T12:00:00Z');
const holder: LeaseHolder = {
  version: 1,
  token: 'abc',
  pid: 4242,
  host: 'build-1',
  bootId: 'boot-a',
  pidNamespace: 'pid:[1]',
  processStart: '1000',
  description: 'forge optimize',
  acquiredAt: '2026-12-03T11:00:00.000Z',
  heartbeatAt: '2026-12-03T11:59:50.000Z',
  ttlMs: 30_000,
};

function observer(
  overrides: Partial<LeaseObserver> & { alive?: number[]; starts?: Record<number, string> } = {},
): LeaseObserver {
  const { alive = [], starts = {}, ...rest } = overrides;
  return {
    host: 'build-1',
    bootId: 'boot-a',
    pidNamespace: 'pid:[1]',
    now,
    isProcessAlive: (pid) => alive.includes(pid),
    processStart: (pid) => starts[pid],
    ...rest,
  };
}

describe('judgeLeaseHolder', () => {
  it('on the same machine, trusts the process table: alive while the pid runs', () => {
    expect(judgeLeaseHolder(holder, observer({ alive: [4242], starts: { 4242: '1000' } }))).toEqual(
      {
        state: 'alive',
        reason: 'process 4242 is running',
      },
    );
  });

  it('on the same machine, a gone pid is dead even with a fresh heartbeat', () => {
    expect(judgeLeaseHolder(holder, observer())).toEqual({
      state: 'dead',
      reason: 'process 4242 is gone',
    });
  });

  it('on the same machine, a pid reused by a later process is dead', () => {
    const verdict = judgeLeaseHolder(holder, observer({ alive: [4242], starts: { 4242: '9999' } }));
    expect(verdict).toEqual({ state: 'dead', reason: 'pid 4242 now belongs to another process' });
  });

  it('a holder from before the machine restarted is dead', () => {
    const verdict = judgeLeaseHolder(holder, observer({ bootId: 'boot-b', alive: [4242] }));
    expect(verdict.state).toBe('dead');
    expect(verdict.reason).toContain('restarted');
  });

  it('on another machine, only the heartbeat counts', () => {
    const elsewhere = observer({ host: 'build-2', bootId: 'boot-z' });
    // 10 s of silence, limit 30 s: alive, although no local process has pid 4242.
    expect(judgeLeaseHolder(holder, elsewhere)).toEqual({
      state: 'alive',
      reason: 'last heartbeat 10 s ago',
    });
    expect(judgeLeaseHolder(holder, { ...elsewhere, now: now + 20_001 })).toEqual({
      state: 'dead',
      reason: 'no heartbeat for 30 s (the limit is 30 s)',
    });
  });

  it('another pid namespace on the same host (a container) is judged by heartbeat, not pid', () => {
    const container = observer({ pidNamespace: 'pid:[2]' });
    expect(judgeLeaseHolder(holder, container).state).toBe('alive');
    expect(judgeLeaseHolder(holder, { ...container, now: now + 60_000 }).state).toBe('dead');
  });

  it('an unparsable heartbeat counts as expired', () => {
    const broken = { ...holder, heartbeatAt: 'yesterday' };
    expect(judgeLeaseHolder(broken, observer({ host: 'elsewhere' })).state).toBe('dead');
  });
});
