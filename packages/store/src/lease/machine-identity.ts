import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import type { LeaseObserver } from './lease-holder.js';

/** Who this process is, as a lease file records it. */
export interface ProcessIdentity {
  /** Process id. */
  readonly pid: number;
  /** Host name. */
  readonly host: string;
  /** Linux boot id, when readable. */
  readonly bootId?: string;
  /** Linux pid namespace, when readable. */
  readonly pidNamespace?: string;
  /** Start time of the process in clock ticks since boot, when readable. */
  readonly processStart?: string;
}

/** This process's identity. Outside Linux only pid and host are known. */
export function currentProcessIdentity(): ProcessIdentity {
  const bootId = readTrimmed('/proc/sys/kernel/random/boot_id');
  const pidNamespace = readLink('/proc/self/ns/pid');
  const processStart = processStartOf(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    ...(bootId === undefined ? {} : { bootId }),
    ...(pidNamespace === undefined ? {} : { pidNamespace }),
    ...(processStart === undefined ? {} : { processStart }),
  };
}

/** A `LeaseObserver` for this machine at `now`. */
export function localLeaseObserver(now: number): LeaseObserver {
  const self = currentProcessIdentity();
  return {
    host: self.host,
    ...(self.bootId === undefined ? {} : { bootId: self.bootId }),
    ...(self.pidNamespace === undefined ? {} : { pidNamespace: self.pidNamespace }),
    now,
    isProcessAlive,
    processStart: processStartOf,
  };
}

/** True when a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of `/proc/<pid>/stat` (start time in ticks since boot). */
export function processStartOf(pid: number): string | undefined {
  const stat = readTrimmed(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function readTrimmed(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function readLink(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}
