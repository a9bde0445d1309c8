/** What a lease file says about its holder. Plain JSON; written whole, never edited in place. */
export interface LeaseHolder {
  /** Format version of the lease file. */
  readonly version: 1;
  /** Random id of this acquisition: a holder recognises its own lease by it. */
  readonly token: string;
  /** Process id of the holder. */
  readonly pid: number;
  /** Host name of the holder's machine. */
  readonly host: string;
  /** Linux boot id of the holder's machine: a different one means the machine restarted since. */
  readonly bootId?: string;
  /** Linux pid namespace of the holder: pids are comparable only inside one namespace. */
  readonly pidNamespace?: string;
  /** Start time of the holder's process (clock ticks since boot), to tell a reused pid apart. */
  readonly processStart?: string;
  /** What holds it, in words, e.g. `forge optimize --resume`. */
  readonly description: string;
  /** When the lease was taken (ISO 8601). */
  readonly acquiredAt: string;
  /** When the holder last said it is alive (ISO 8601). */
  readonly heartbeatAt: string;
  /** How long after its last heartbeat a holder on another machine counts as dead, in ms. */
  readonly ttlMs: number;
}

/** The machine and process looking at a lease, and how it can probe local processes. */
export interface LeaseObserver {
  /** Host name of this machine. */
  readonly host: string;
  /** Boot id of this machine, when known. */
  readonly bootId?: string;
  /** Pid namespace of this process, when known. */
  readonly pidNamespace?: string;
  /** The time now, in ms since the epoch. */
  readonly now: number;
  /** True when a process with this pid exists here. */
  isProcessAlive(pid: number): boolean;
  /** Start time of a local process (as in `LeaseHolder.processStart`), when it can be read. */
  processStart(pid: number): string | undefined;
}

/** Whether a lease's holder still holds it, and why the observer thinks so. */
export interface LeaseVerdict {
  /** `alive`: leave the lease alone; `dead`: it may be taken over. */
  readonly state: 'alive' | 'dead';
  /** The reason, in words (for messages). */
  readonly reason: string;
}

/**
 * Decides whether a lease's holder is alive. On the holder's own machine (same host, boot and pid
 * namespace) the process table is the truth: the holder is dead when its pid is gone or now
 * belongs to a process that started later. Elsewhere only the heartbeat can tell: the holder is
 * dead once it has not beaten for `ttlMs` (clocks of machines sharing a file system must agree
 * to well within that).
 */
export function judgeLeaseHolder(holder: LeaseHolder, observer: LeaseObserver): LeaseVerdict {
  const sameHost = holder.host === observer.host;
  if (sameHost && known(holder.bootId, observer.bootId) && holder.bootId !== observer.bootId) {
    return { state: 'dead', reason: `host ${holder.host} has restarted since the lease was taken` };
  }
  const sameNamespace =
    !known(holder.pidNamespace, observer.pidNamespace) ||
    holder.pidNamespace === observer.pidNamespace;
  if (sameHost && sameNamespace) {
    if (!observer.isProcessAlive(holder.pid)) {
      return { state: 'dead', reason: `process ${holder.pid} is gone` };
    }
    const start = holder.processStart === undefined ? undefined : observer.processStart(holder.pid);
    if (start !== undefined && start !== holder.processStart) {
      return { state: 'dead', reason: `pid ${holder.pid} now belongs to another process` };
    }
    return { state: 'alive', reason: `process ${holder.pid} is running` };
  }
  const silentMs = observer.now - Date.parse(holder.heartbeatAt);
  if (!(silentMs <= holder.ttlMs)) {
    return {
      state: 'dead',
      reason: `no heartbeat for ${seconds(silentMs)} (the limit is ${seconds(holder.ttlMs)})`,
    };
  }
  return { state: 'alive', reason: `last heartbeat ${seconds(Math.max(0, silentMs))} ago` };
}

/** The holder in words: `pid 4242 on host "build-3" (forge optimize), since …, last heartbeat 2 s ago`. */
export function describeLeaseHolder(holder: LeaseHolder, now: number): string {
  const silentMs = Math.max(0, now - Date.parse(holder.heartbeatAt));
  return `pid ${holder.pid} on host "${holder.host}" (${holder.description}), since ${holder.acquiredAt}, last heartbeat ${seconds(silentMs)} ago`;
}

function known(left: string | undefined, right: string | undefined): boolean {
  return left !== undefined && right !== undefined;
}

function seconds(ms: number): string {
  if (!Number.isFinite(ms)) return 'an unknown time';
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
