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

  it('checks real processes with the local probe', () => {
    const host = hostname();
    const self = meta({ status: 'running', writer_pid: String(process.pid), writer_host: host });
    expect(runStatus(self)).toBe('running');
    const child = spawnSync(process.execPath, ['-e', '0']);
    const gone = meta({ status: 'running', writer_pid: String(child.pid), writer_host: host });
    expect(runStatus(gone)).toBe('interrupted');
  });
});
