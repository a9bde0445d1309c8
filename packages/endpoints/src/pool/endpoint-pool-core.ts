import { APICallError, abortReason, type Clock, redactSecrets } from '@forge/provider';
import type { EndpointPoolEvent, EndpointPoolStatus } from './endpoint-pool-events.js';
import {
  type EndpointPoolAction,
  type EndpointPoolState,
  initialEndpointPoolState,
  type ProbePolicy,
  reduceEndpointPool,
} from './endpoint-pool-state.js';
import { pickEndpoint } from './pick-endpoint.js';

/** What the core needs to know of each endpoint besides its state. */
export interface CoreEndpoint {
  /** Label. */
  readonly endpoint: string;
  /** Calls in flight at once, or `null` for no limit of its own. */
  readonly concurrency: number | null;
  /** The probe, when the endpoint has one. */
  readonly probe: ((signal: AbortSignal) => Promise<void>) | undefined;
}

/** Settings of the core. */
export interface CoreSettings {
  /** Provider name, for events. */
  readonly provider: string;
  /** Model id, for events. */
  readonly modelId: string;
  /** Probe backoff. */
  readonly policy: ProbePolicy;
  /** Longest a probe may take. */
  readonly probeTimeoutMs: number;
  /** How often idle up endpoints are checked, or `false`. */
  readonly healthCheckIntervalMs: number | false;
  /** Timers. */
  readonly clock: Clock;
}

interface Waiter {
  readonly tried: ReadonlySet<number>;
  readonly resolve: (endpoint: number | undefined) => void;
}

/**
 * The effects around the pure pool state: one `dispatch`, subscribers told after each change,
 * calls waiting for a slot woken in arrival order, probe and health-check timers. Shared by every
 * view of one pool (`withEndpointMiddleware`), since they talk to the same servers.
 */
export class EndpointPoolCore {
  private state: EndpointPoolState;
  private readonly waiters: Waiter[] = [];
  private readonly listeners = new Set<(event: EndpointPoolEvent) => void>();
  private readonly probeTimers = new Map<number, unknown>();
  private readonly checking = new Set<number>();
  private healthTimer: unknown;
  private started = false;
  private closed = false;

  constructor(
    private readonly endpoints: readonly CoreEndpoint[],
    private readonly settings: CoreSettings,
  ) {
    this.state = initialEndpointPoolState(endpoints);
  }

  /** A snapshot of the state. */
  status(): EndpointPoolStatus {
    const endpoints = this.state.endpoints;
    return {
      provider: this.settings.provider,
      modelId: this.settings.modelId,
      endpoints,
      up: endpoints.filter((endpoint) => endpoint.health === 'up').length,
      outstanding: endpoints.reduce((sum, endpoint) => sum + endpoint.outstanding, 0),
      waiting: this.waiters.length,
    };
  }

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: (event: EndpointPoolEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts the periodic health checks (once; on the first call, so an unused pool costs nothing). */
  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.scheduleHealthCheck();
  }

  /** Stops every timer and probe; calls still work, but taken-out endpoints are not probed again. */
  close(): void {
    this.closed = true;
    for (const timer of this.probeTimers.values()) this.settings.clock.clearTimeout(timer);
    this.probeTimers.clear();
    if (this.healthTimer !== undefined) this.settings.clock.clearTimeout(this.healthTimer);
    this.healthTimer = undefined;
  }

  /**
   * A slot on the best endpoint the call has not tried: at once when one is free, else when one
   * frees up. Resolves `undefined` when no untried endpoint is up; rejects when `signal` aborts.
   */
  acquire(
    tried: ReadonlySet<number>,
    signal: AbortSignal | undefined,
  ): Promise<number | undefined> {
    const choice = pickEndpoint(this.state, tried, this.settings.clock.now());
    if (choice.kind === 'send') {
      this.dispatch({ type: 'call-sent', endpoint: choice.endpoint });
      return Promise.resolve(choice.endpoint);
    }
    if (choice.kind === 'none') return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(abortReason(signal as AbortSignal));
      };
      const waiter: Waiter = {
        tried,
        resolve: (endpoint) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(endpoint);
        },
      };
      this.waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Applies an action, wakes waiting calls, schedules probes, then tells the subscribers. */
  dispatch(action: EndpointPoolAction): void {
    const events = this.apply(action);
    this.drain();
    this.scheduleProbes();
    for (const event of events) {
      for (const listener of this.listeners) listener(event);
    }
  }

  private apply(action: EndpointPoolAction): EndpointPoolEvent[] {
    const before = this.state.endpoints[action.endpoint];
    this.state = reduceEndpointPool(this.state, action, this.settings.policy);
    const after = this.state.endpoints[action.endpoint];
    if (before === undefined || after === undefined) return [];
    const now = this.settings.clock.now();
    const identity = { provider: this.settings.provider, modelId: this.settings.modelId };
    const up = this.state.endpoints.filter((endpoint) => endpoint.health === 'up').length;
    const nextProbeInMs = Math.max(0, (after.nextProbeAt ?? now) - now);
    if (before.health === 'up' && after.health === 'down') {
      const reason = after.lastError ?? 'failed';
      return [
        { type: 'endpoint-down', ...identity, endpoint: after.endpoint, reason, nextProbeInMs, up },
      ];
    }
    if (before.health !== 'up' && after.health === 'up') {
      const downForMs = Math.max(0, now - (before.downSince ?? now));
      return [{ type: 'endpoint-up', ...identity, endpoint: after.endpoint, downForMs, up }];
    }
    if (before.health === 'probing' && after.health === 'down') {
      const reason = after.lastError ?? 'probe failed';
      return [
        {
          type: 'endpoint-probe-failed',
          ...identity,
          endpoint: after.endpoint,
          reason,
          nextProbeInMs,
        },
      ];
    }
    return [];
  }

  // Waiters are served in arrival order; one that cannot be served yet does not block the next,
  // whose untried endpoints may differ.
  private drain(): void {
    for (let index = 0; index < this.waiters.length; ) {
      const waiter = this.waiters[index] as Waiter;
      const choice = pickEndpoint(this.state, waiter.tried, this.settings.clock.now());
      if (choice.kind === 'wait') {
        index++;
        continue;
      }
      this.waiters.splice(index, 1);
      if (choice.kind === 'send') {
        this.apply({ type: 'call-sent', endpoint: choice.endpoint });
        waiter.resolve(choice.endpoint);
      } else {
        waiter.resolve(undefined);
      }
    }
  }

  private scheduleProbes(): void {
    if (this.closed) return;
    const now = this.settings.clock.now();
    this.state.endpoints.forEach((endpoint, index) => {
      if (endpoint.health !== 'down' || endpoint.nextProbeAt === null) return;
      if (this.probeTimers.has(index)) return;
      const timer = this.settings.clock.setTimeout(
        () => {
          this.probeTimers.delete(index);
          if (!this.closed && this.state.endpoints[index]?.health === 'down') {
            void this.probe(index, 'down');
          }
        },
        Math.max(0, endpoint.nextProbeAt - now),
      );
      this.probeTimers.set(index, unref(timer));
    });
  }

  private scheduleHealthCheck(): void {
    const interval = this.settings.healthCheckIntervalMs;
    if (interval === false || this.closed) return;
    this.healthTimer = unref(
      this.settings.clock.setTimeout(() => {
        this.healthTimer = undefined;
        if (this.closed) return;
        const now = this.settings.clock.now();
        this.state.endpoints.forEach((endpoint, index) => {
          const idle =
            endpoint.outstanding === 0 &&
            (endpoint.lastSeenAt === null || now - endpoint.lastSeenAt >= interval);
          if (endpoint.health === 'up' && idle && !this.checking.has(index)) {
            void this.probe(index, 'up');
          }
        });
        this.scheduleHealthCheck();
      }, interval),
    );
  }

  private async probe(index: number, from: 'up' | 'down'): Promise<void> {
    const probe = this.endpoints[index]?.probe;
    // Without a probe, a rested endpoint goes back on trial: its next call is the probe.
    if (probe === undefined) {
      if (from === 'down')
        this.dispatch({
          type: 'probe-ended',
          endpoint: index,
          passed: true,
          at: this.settings.clock.now(),
          error: null,
        });
      return;
    }
    if (from === 'down') this.dispatch({ type: 'probe-started', endpoint: index });
    this.checking.add(index);
    let error: string | null = null;
    try {
      await this.withProbeTimeout(probe);
    } catch (failure) {
      error = messageOf(failure, `${this.settings.provider}:${this.settings.modelId}`);
    } finally {
      this.checking.delete(index);
    }
    // A health check that ends after a call took the endpoint out says nothing the call did not.
    if (from === 'up' && (this.closed || this.state.endpoints[index]?.health !== 'up')) return;
    this.dispatch({
      type: 'probe-ended',
      endpoint: index,
      passed: error === null,
      at: this.settings.clock.now(),
      error: error === null ? null : `probe failed: ${error}`,
    });
  }

  private async withProbeTimeout(probe: (signal: AbortSignal) => Promise<void>): Promise<void> {
    const { clock, probeTimeoutMs } = this.settings;
    const controller = new AbortController();
    const timer = clock.setTimeout(() => {
      controller.abort(
        new APICallError({ message: `no answer within ${probeTimeoutMs} ms`, kind: 'timeout' }),
      );
    }, probeTimeoutMs);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(abortReason(controller.signal)), {
        once: true,
      });
    });
    try {
      await Promise.race([probe(controller.signal), aborted]);
    } finally {
      clock.clearTimeout(timer);
    }
  }
}

/**
 * A redacted message of any thrown value, without the `provider:model: ` that adapters start
 * their messages with (the pool's own messages say it once).
 */
export function messageOf(error: unknown, where: string): string {
  const message = redactSecrets(error instanceof Error ? error.message : String(error));
  return message.startsWith(`${where}: `) ? message.slice(where.length + 2) : message;
}

// A pool's timers must not keep a finished process alive.
function unref(timer: unknown): unknown {
  (timer as { unref?: () => void } | undefined)?.unref?.();
  return timer;
}
