import { sleep } from '@forge/provider';
import { AppWorldClient } from '../client/appworld-client.js';
import { AppWorldError } from '../client/appworld-error.js';
import { AppWorldPoolExhaustedError } from './pool-exhausted-error.js';
import { createFileServerClaims, type ServerClaim, type ServerClaims } from './server-claims.js';

/** Settings of an `AppWorldServerPool`. */
export interface ServerPoolSettings {
  /** Base URLs of the environment servers, one task at a time each. */
  readonly urls: readonly string[];
  /** The fetch implementation. Default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** Timeout of task requests (ms); see `AppWorldClient`. */
  readonly requestTimeoutMs?: number;
  /** Timeout of the health check (`GET /`) made before a server is handed out (ms). Default 5,000. */
  readonly healthCheckTimeoutMs?: number;
  /**
   * How long `acquire` keeps probing when every server is out before it gives up with
   * `AppWorldPoolExhaustedError` (ms). Default 60,000: time for a supervisor to restart them.
   */
  readonly waitForServerMs?: number;
  /** How often servers that are out are probed again (ms). Default 2,000 when all are out, else 30,000. */
  readonly probeIntervalMs?: number;
  /**
   * Claims shared with every other pool on this machine, so runs naming the same servers take
   * turns on them task by task. Default: files under `$TMPDIR/forge-appworld-claims`.
   */
  readonly claims?: ServerClaims;
  /** How often a task waiting for servers other runs hold looks again (ms). Default 1,000. */
  readonly claimPollMs?: number;
  /** Told when a server leaves or rejoins the pool, is held by another run, or tasks outnumber servers. */
  readonly onEvent?: (event: ServerPoolEvent) => void;
}

/** A change in the pool. */
export type ServerPoolEvent =
  | { readonly type: 'server-out'; readonly url: string; readonly reason: string }
  | { readonly type: 'server-back'; readonly url: string }
  /** A free server of this pool is running a task of another pool (another run on this machine). */
  | { readonly type: 'server-held-elsewhere'; readonly url: string }
  /**
   * More tasks want a server at once than the pool has servers (the run's concurrency exceeds
   * the pool): the rest wait their turn. Told once per pool.
   */
  | {
      readonly type: 'pool-smaller-than-concurrency';
      readonly servers: number;
      readonly tasks: number;
    };

/** One server handed to one task. Call exactly one of `release` or `retire`. */
export interface ServerLease {
  /** The server's base URL. */
  readonly url: string;
  /** A client of the server. */
  readonly client: AppWorldClient;
  /** Gives the server back for the next task. */
  release(): void;
  /** Takes the server out of the pool (it died or cannot be trusted); it is probed again later. */
  retire(reason: string): void;
}

/** One server's state, for reports. */
export interface PooledServerStatus {
  readonly url: string;
  readonly state: 'idle' | 'busy' | 'out';
  /** Why it is out. */
  readonly reason?: string;
}

interface Slot {
  readonly url: string;
  readonly client: AppWorldClient;
  state: 'idle' | 'busy' | 'probing' | 'out';
  reason: string;
  probedAt: number;
  /** This pool's claim on the server while one of its tasks holds it. */
  claim: ServerClaim | undefined;
  /** Another pool held it when last tried (told once until this pool holds it again). */
  heldElsewhere: boolean;
}

/**
 * A pool of AppWorld environment servers. AppWorld holds one task world per server process, so
 * the pool hands each server to one task at a time: tasks beyond the number of live servers wait
 * in arrival order. Each hand-out also claims the server machine-wide (`ServerClaims`), so pools
 * of other runs on this machine that name the same server wait for it rather than collide. A
 * server is health-checked before every hand-out; one that fails, or that a task retires, leaves
 * the pool and is probed again now and then, so a restarted server rejoins.
 */
export class AppWorldServerPool {
  private readonly slots: Slot[];
  private readonly waiters: (() => void)[] = [];
  private readonly healthCheckTimeoutMs: number;
  private readonly waitForServerMs: number;
  private readonly probeIntervalMs: number | undefined;
  private readonly claims: ServerClaims;
  private readonly claimPollMs: number;
  /** Tasks holding or waiting for a server. */
  private tasks = 0;
  private toldSmaller = false;

  constructor(private readonly settings: ServerPoolSettings) {
    if (settings.urls.length === 0) throw new RangeError('AppWorldServerPool: no server URLs');
    this.slots = [...new Set(settings.urls)].map((url) => ({
      url,
      client: new AppWorldClient({
        url,
        ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
        ...(settings.requestTimeoutMs === undefined
          ? {}
          : { timeoutMs: settings.requestTimeoutMs }),
      }),
      state: 'idle',
      reason: '',
      probedAt: 0,
      claim: undefined,
      heldElsewhere: false,
    }));
    this.healthCheckTimeoutMs = settings.healthCheckTimeoutMs ?? 5_000;
    this.waitForServerMs = settings.waitForServerMs ?? 60_000;
    this.probeIntervalMs = settings.probeIntervalMs;
    this.claims = settings.claims ?? createFileServerClaims();
    this.claimPollMs = settings.claimPollMs ?? 1_000;
  }

  /** The servers' URLs. */
  get urls(): string[] {
    return this.slots.map((slot) => slot.url);
  }

  /** Each server's state. */
  status(): PooledServerStatus[] {
    return this.slots.map((slot) => ({
      url: slot.url,
      state: slot.state === 'probing' ? 'out' : slot.state,
      ...(slot.state === 'out' || slot.state === 'probing' ? { reason: slot.reason } : {}),
    }));
  }

  /**
   * A healthy server for one task, waiting while all live servers are busy.
   * @throws AppWorldPoolExhaustedError when every server stays out for `waitForServerMs`.
   */
  async acquire(abortSignal?: AbortSignal): Promise<ServerLease> {
    this.tasks += 1;
    if (this.tasks > this.slots.length && !this.toldSmaller) {
      this.toldSmaller = true;
      this.settings.onEvent?.({
        type: 'pool-smaller-than-concurrency',
        servers: this.slots.length,
        tasks: this.tasks,
      });
    }
    try {
      return await this.take(abortSignal);
    } catch (error) {
      this.tasks -= 1;
      throw error;
    }
  }

  private async take(abortSignal: AbortSignal | undefined): Promise<ServerLease> {
    let allOutSince: number | undefined;
    for (;;) {
      abortSignal?.throwIfAborted();
      const allOut = this.slots.every((slot) => slot.state === 'out' || slot.state === 'probing');
      await this.probeOutServers(
        allOut ? (this.probeIntervalMs ?? 2_000) : (this.probeIntervalMs ?? 30_000),
      );
      const idle = this.slots.filter((slot) => slot.state === 'idle');
      const claimed = idle.find((slot) => this.claim(slot));
      if (claimed !== undefined) {
        const problem = await this.check(claimed);
        if (problem === undefined) return this.lease(claimed);
        this.takeOut(claimed, `health check failed: ${problem}`);
        continue;
      }
      if (idle.length > 0) {
        // Every free server runs another run's task: look again soon, or when ours free one.
        allOutSince = undefined;
        await this.nextChange(abortSignal, this.claimPollMs);
        continue;
      }
      if (this.slots.some((slot) => slot.state === 'busy' || slot.state === 'probing')) {
        allOutSince = undefined;
        await this.nextChange(abortSignal);
        continue;
      }
      allOutSince ??= Date.now();
      const waited = Date.now() - allOutSince;
      if (waited >= this.waitForServerMs) {
        throw new AppWorldPoolExhaustedError({
          servers: this.slots.map((slot) => ({ url: slot.url, reason: slot.reason })),
          waitedMs: waited,
        });
      }
      await sleep(Math.min(this.probeIntervalMs ?? 2_000, this.waitForServerMs - waited), {
        ...(abortSignal === undefined ? {} : { signal: abortSignal }),
      });
    }
  }

  /** Claims an idle server for a task of this pool; false while another pool's task holds it. */
  private claim(slot: Slot): boolean {
    const claim = this.claims.tryClaim(slot.url);
    if (claim === undefined) {
      if (!slot.heldElsewhere) {
        slot.heldElsewhere = true;
        this.settings.onEvent?.({ type: 'server-held-elsewhere', url: slot.url });
      }
      return false;
    }
    slot.heldElsewhere = false;
    slot.claim = claim;
    slot.state = 'busy';
    return true;
  }

  /**
   * Runs a look-up that needs no task world (`GET /tasks/{id}`, `GET /api_docs`) on the first
   * server that answers, live ones first. It takes no server from the pool: AppWorld serves
   * these without touching the active world.
   */
  async lookup<T>(request: (client: AppWorldClient) => Promise<T>): Promise<T> {
    const ordered = [
      ...this.slots.filter((slot) => slot.state !== 'out' && slot.state !== 'probing'),
      ...this.slots.filter((slot) => slot.state === 'out' || slot.state === 'probing'),
    ];
    let last: unknown;
    for (const slot of ordered) {
      try {
        return await request(slot.client);
      } catch (error) {
        if (!AppWorldError.isInstance(error) || !error.isServerDown) throw error;
        last = error;
      }
    }
    throw last;
  }

  private lease(slot: Slot): ServerLease {
    let settled = false;
    return {
      url: slot.url,
      client: slot.client,
      release: () => {
        if (settled) return;
        settled = true;
        this.tasks -= 1;
        this.unclaim(slot);
        slot.state = 'idle';
        this.notify();
      },
      retire: (reason) => {
        if (settled) return;
        settled = true;
        this.tasks -= 1;
        this.takeOut(slot, reason);
      },
    };
  }

  private async probeOutServers(intervalMs: number): Promise<void> {
    const due = this.slots.filter(
      (slot) => slot.state === 'out' && Date.now() - slot.probedAt >= intervalMs,
    );
    await Promise.all(
      due.map(async (slot) => {
        slot.state = 'probing';
        const problem = await this.check(slot);
        slot.probedAt = Date.now();
        if (problem === undefined) {
          slot.state = 'idle';
          slot.reason = '';
          this.settings.onEvent?.({ type: 'server-back', url: slot.url });
        } else {
          slot.state = 'out';
        }
        this.notify();
      }),
    );
  }

  private async check(slot: Slot): Promise<string | undefined> {
    try {
      await slot.client.index({ timeoutMs: this.healthCheckTimeoutMs });
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private unclaim(slot: Slot): void {
    slot.claim?.release();
    slot.claim = undefined;
  }

  private takeOut(slot: Slot, reason: string): void {
    this.unclaim(slot);
    slot.state = 'out';
    slot.reason = reason;
    slot.probedAt = Date.now();
    this.settings.onEvent?.({ type: 'server-out', url: slot.url, reason });
    this.notify();
  }

  /** Resolves when a server of this pool changes state, or after `timeoutMs` when given. */
  private nextChange(abortSignal: AbortSignal | undefined, timeoutMs?: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (abortSignal?.aborted) {
        reject(abortSignal.reason);
        return;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortSignal?.reason);
      };
      const waiter = () => {
        clearTimeout(timer);
        abortSignal?.removeEventListener('abort', onAbort);
        resolve();
      };
      this.waiters.push(waiter);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          waiter();
        }, timeoutMs);
      }
      abortSignal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private notify(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
