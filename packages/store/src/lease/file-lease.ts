import { randomBytes } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { LeaseHeldError, LeaseLostError } from './lease-error.js';
import {
  createExclusive,
  type LeaseFile,
  readLeaseFile,
  replaceAtomically,
  takeOver,
} from './lease-file.js';
import {
  describeLeaseHolder,
  judgeLeaseHolder,
  type LeaseHolder,
  type LeaseObserver,
  type LeaseVerdict,
} from './lease-holder.js';
import {
  currentProcessIdentity,
  localLeaseObserver,
  type ProcessIdentity,
} from './machine-identity.js';

/** Options of `acquireLease`. */
export interface AcquireLeaseOptions {
  /** What takes the lease, in words; whoever finds it held reads this. */
  readonly description: string;
  /** What the lease guards, for messages (e.g. `the run directory /x`). Default the lease file. */
  readonly subject?: string;
  /** A sentence added to the refusal, telling the user what to do. */
  readonly advice?: string;
  /** Silence after which a holder on another machine counts as dead, in ms. Default 30000. */
  readonly ttlMs?: number;
  /** How often the holder beats, in ms, or `false` for never. Default a sixth of `ttlMs`. */
  readonly heartbeatMs?: number | false;
  /** The clock. Default `Date.now`. */
  readonly now?: () => number;
  /** Who this process is. Default the real one (tests pose as another machine). */
  readonly identity?: ProcessIdentity;
  /** How a lease found held is judged. Default this machine's process table and clock. */
  readonly observer?: (now: number) => LeaseObserver;
  /** Called once when the lease is lost (taken over, or its file removed). */
  readonly onLost?: (error: LeaseLostError) => void;
}

/** What `inspectLease` finds. */
export type LeaseState =
  | { readonly state: 'free' }
  | { readonly state: 'held' | 'stale'; readonly holder: LeaseHolder; readonly reason: string }
  | { readonly state: 'unreadable'; readonly reason: string };

const defaultTtlMs = 30_000;
const maxRounds = 8;

/**
 * Takes the lease at `path` (a small JSON file naming pid, host and heartbeat), or throws
 * `LeaseHeldError` at once naming the holder. A lease whose holder is dead — on this machine its
 * process is gone, elsewhere its heartbeat has stopped for `ttlMs` — is taken over; when several
 * processes race to take over the same dead lease, exactly one wins.
 *
 * The file is created by `link(2)` of a complete temporary file (atomic and exclusive on local
 * file systems and NFS alike, and never seen half-written); the holder rewrites it by `rename(2)`
 * on every heartbeat. A holder that finds its lease gone or someone else's must stop writing:
 * `assertHeld()` throws then, `signal` is aborted and `onLost` is called.
 */
export function acquireLease(path: string, options: AcquireLeaseOptions): FileLease {
  const now = options.now ?? Date.now;
  const identity = options.identity ?? currentProcessIdentity();
  const observe = options.observer ?? localLeaseObserver;
  const token = randomBytes(12).toString('hex');
  const ttlMs = options.ttlMs ?? defaultTtlMs;
  const record = (): LeaseHolder => {
    const at = new Date(now()).toISOString();
    return {
      version: 1,
      token,
      pid: identity.pid,
      host: identity.host,
      ...(identity.bootId === undefined ? {} : { bootId: identity.bootId }),
      ...(identity.pidNamespace === undefined ? {} : { pidNamespace: identity.pidNamespace }),
      ...(identity.processStart === undefined ? {} : { processStart: identity.processStart }),
      description: options.description,
      acquiredAt: at,
      heartbeatAt: at,
      ttlMs,
    };
  };
  for (let round = 0; round < maxRounds; round++) {
    const mine = record();
    if (createExclusive(path, serialize(mine), token)) {
      return new FileLease(path, mine, { ...options, now, ttlMs });
    }
    const found = readLeaseFile(path);
    if (found.kind === 'absent') continue;
    const verdict = judge(found, path, observe(now()));
    if (verdict.state === 'alive') {
      const holder = found.kind === 'holder' ? found.holder : undefined;
      throw new LeaseHeldError({
        path,
        holder,
        message: `${options.subject ?? path} is in use: ${holder === undefined ? `its lease file ${path} is being written or unreadable` : describeLeaseHolder(holder, now())}.${options.advice === undefined ? '' : ` ${options.advice}`}`,
      });
    }
    if (takeOver(path, found.text, serialize(mine), token)) {
      return new FileLease(path, mine, { ...options, now, ttlMs });
    }
  }
  throw new LeaseHeldError({
    path,
    holder: undefined,
    message: `${options.subject ?? path} is in use: other processes keep taking its lease ${path}; try again`,
  });
}

/** Reads the lease at `path` and judges its holder, without touching it. */
export function inspectLease(
  path: string,
  options: { readonly now?: number; readonly observer?: LeaseObserver } = {},
): LeaseState {
  const found = readLeaseFile(path);
  if (found.kind === 'absent') return { state: 'free' };
  const observer = options.observer ?? localLeaseObserver(options.now ?? Date.now());
  const verdict = judge(found, path, observer);
  if (found.kind === 'unreadable') return { state: 'unreadable', reason: verdict.reason };
  return {
    state: verdict.state === 'alive' ? 'held' : 'stale',
    holder: found.holder,
    reason: verdict.reason,
  };
}

/** A lease this process holds. Release it when done (a dead process's lease is taken over). */
export class FileLease {
  /** The lease file. */
  readonly path: string;
  /** Aborted (with the `LeaseLostError`) when the lease is lost. */
  readonly signal: AbortSignal;
  private current: LeaseHolder;
  private readonly controller = new AbortController();
  private readonly options: AcquireLeaseOptions & { now: () => number; ttlMs: number };
  private readonly timer: ReturnType<typeof setInterval> | undefined;
  private lostError: LeaseLostError | undefined;
  private missedOnce = false;
  private released = false;
  private writes = 0;

  constructor(
    path: string,
    holder: LeaseHolder,
    options: AcquireLeaseOptions & { now: () => number; ttlMs: number },
  ) {
    this.path = path;
    this.current = holder;
    this.options = options;
    this.signal = this.controller.signal;
    const every = options.heartbeatMs ?? Math.max(50, Math.floor(options.ttlMs / 6));
    if (every !== false) {
      this.timer = setInterval(() => this.heartbeat(), every);
      // The heartbeat must never keep a finished process alive.
      this.timer.unref();
    }
  }

  /** The record as last written. */
  get holder(): LeaseHolder {
    return this.current;
  }

  /** Why the lease was lost, once it was. */
  get lost(): LeaseLostError | undefined {
    return this.lostError;
  }

  /** Throws `LeaseLostError` when the lease is no longer this process's. */
  assertHeld(): void {
    if (this.lostError !== undefined) throw this.lostError;
    if (this.released) {
      throw new LeaseLostError({
        path: this.path,
        holder: undefined,
        message: `${this.path}: the lease was released`,
      });
    }
  }

  /**
   * Checks that the lease is still this process's and renews its heartbeat. Runs on a timer;
   * call it directly to beat now. A heartbeat that cannot be written (a full disk) is skipped:
   * the next one tries again.
   */
  heartbeat(): void {
    if (this.released || this.lostError !== undefined) return;
    const found = readLeaseFile(this.path);
    if (found.kind === 'absent' && !this.missedOnce) {
      // A racing take-over may move a live lease aside for an instant and put it back.
      this.missedOnce = true;
      return;
    }
    if (found.kind !== 'holder' || found.holder.token !== this.current.token) {
      this.lose(found.kind === 'holder' ? found.holder : undefined);
      return;
    }
    this.missedOnce = false;
    const next = { ...this.current, heartbeatAt: new Date(this.options.now()).toISOString() };
    if (replaceAtomically(this.path, serialize(next), `${this.current.token}.${this.writes++}`)) {
      this.current = next;
    }
  }

  /** Gives the lease up (only if it is still this process's). Safe to call twice. */
  release(): void {
    if (this.released) return;
    this.released = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    if (this.lostError !== undefined) return;
    const found = readLeaseFile(this.path);
    if (found.kind === 'holder' && found.holder.token === this.current.token) {
      try {
        unlinkSync(this.path);
      } catch {
        // Already gone: nothing to give up.
      }
    }
  }

  private lose(holder: LeaseHolder | undefined): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    const now = this.options.now();
    this.lostError = new LeaseLostError({
      path: this.path,
      holder,
      message: `${this.options.subject ?? this.path}: this process lost its lease ${
        holder === undefined
          ? '(the lease file was removed)'
          : `to ${describeLeaseHolder(holder, now)}`
      }; it stops writing now`,
    });
    this.controller.abort(this.lostError);
    this.options.onLost?.(this.lostError);
  }
}

function judge(found: LeaseFile, path: string, observer: LeaseObserver): LeaseVerdict {
  if (found.kind === 'holder') return judgeLeaseHolder(found.holder, observer);
  if (found.kind === 'unreadable' && observer.now - found.modifiedAt > defaultTtlMs) {
    return { state: 'dead', reason: `${path} is not a lease and was last written long ago` };
  }
  return { state: 'alive', reason: `${path} is being written or unreadable` };
}

function serialize(holder: LeaseHolder): string {
  return `${JSON.stringify(holder, null, 2)}\n`;
}
