import { hostname } from 'node:os';

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
 * The status to show for a run, from its saved `status`, `writer_pid` and `writer_host` meta
 * values. A run killed with `kill -9` (or by a crash or power loss) never writes its final
 * status, so it stays `running`; when its writer ran on this machine and is gone, it is
 * `interrupted`. A writer on another machine cannot be checked, so its run stays `running`.
 */
export function runStatus(
  meta: ReadonlyMap<string, string>,
  probe: WriterProbe = localWriterProbe,
): RunStatus {
  const saved = meta.get('status') ?? 'running';
  if (saved === 'completed' || saved === 'stopped' || saved === 'failed') return saved;
  const pid = Number(meta.get('writer_pid'));
  const host = meta.get('writer_host');
  if (!Number.isInteger(pid) || pid <= 0 || host !== probe.host) return 'running';
  return probe.isAlive(pid) ? 'running' : 'interrupted';
}
