import { hostname } from 'node:os';
import type { LeaseState } from '@forge/store';

/** How a run looks from outside: as saved, or `interrupted` when it says running but nobody writes it. */
export type RunStatus = 'running' | 'completed' | 'stopped' | 'failed' | 'interrupted';

/** How to tell whether a run's writer is alive; injectable for tests. */
export interface WriterProbe {
  /** This machine's host name. */
  readonly host: string;
  /** True when a process with this id exists on this machine. */
  isAlive(pid: number): boolean;
}

/** The probe of this machine: `kill(pid, 0)` asks whether the process exists without touching it. */
export const localWriterProbe: WriterProbe = {
  host: hostname(),
  isAlive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: the process exists but belongs to someone else.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
};

/**
 * The status to show for a run, from its saved `status` and its writer. A run killed with
 * `kill -9` (or by a crash, power loss or a lost machine) never writes its final status, so it
 * stays `running`. Its lease (`forge.lock`, read with `inspectLease`) says whether anyone still
 * writes it: held → `running`; stale (the holder's process is gone, or on another machine its
 * heartbeat stopped) or free → `interrupted`. Without a readable lease (runs older than the
 * lease), the saved `writer_pid` and `writer_host` are checked on this machine only.
 */
export function runStatus(
  meta: ReadonlyMap<string, string>,
  probe: WriterProbe = localWriterProbe,
  lease?: LeaseState,
): RunStatus {
  const saved = meta.get('status') ?? 'running';
  if (saved === 'completed' || saved === 'stopped' || saved === 'failed') return saved;
  if (lease?.state === 'held') return 'running';
  if (lease?.state === 'stale' || lease?.state === 'free') return 'interrupted';
  const pid = Number(meta.get('writer_pid'));
  const host = meta.get('writer_host');
  if (!Number.isInteger(pid) || pid <= 0 || host !== probe.host) return 'running';
  return probe.isAlive(pid) ? 'running' : 'interrupted';
}
