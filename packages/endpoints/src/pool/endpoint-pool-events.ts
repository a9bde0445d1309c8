import type { EndpointState } from './endpoint-pool-state.js';

/** Where a pool stands now: what a CLI shows as "endpoints up/down, calls in flight". */
export interface EndpointPoolStatus {
  /** Provider name the pool's model reports. */
  readonly provider: string;
  /** Model id the pool's model reports. */
  readonly modelId: string;
  /** Every endpoint, in configured order. */
  readonly endpoints: readonly EndpointState[];
  /** Endpoints taking calls. */
  readonly up: number;
  /** Calls in flight over all endpoints. */
  readonly outstanding: number;
  /** Calls waiting for a free slot on an up endpoint. */
  readonly waiting: number;
}

/** An endpoint was taken out: calls go to the others until a probe finds it up again. */
export interface EndpointDownEvent {
  readonly type: 'endpoint-down';
  /** Provider name of the pool's model. */
  readonly provider: string;
  /** Model id of the pool's model. */
  readonly modelId: string;
  /** The endpoint's label (base URL without credentials). */
  readonly endpoint: string;
  /** The failure that took it out (redacted). */
  readonly reason: string;
  /** Milliseconds until it is probed. */
  readonly nextProbeInMs: number;
  /** Endpoints still up. */
  readonly up: number;
}

/** A taken-out endpoint passed its probe and takes calls again. */
export interface EndpointUpEvent {
  readonly type: 'endpoint-up';
  /** Provider name of the pool's model. */
  readonly provider: string;
  /** Model id of the pool's model. */
  readonly modelId: string;
  /** The endpoint's label. */
  readonly endpoint: string;
  /** How long it was out, in milliseconds. */
  readonly downForMs: number;
  /** Endpoints up now, this one included. */
  readonly up: number;
}

/** A taken-out endpoint failed its probe; it is probed again later, after a longer rest. */
export interface EndpointProbeFailedEvent {
  readonly type: 'endpoint-probe-failed';
  /** Provider name of the pool's model. */
  readonly provider: string;
  /** Model id of the pool's model. */
  readonly modelId: string;
  /** The endpoint's label. */
  readonly endpoint: string;
  /** Why the probe failed (redacted). */
  readonly reason: string;
  /** Milliseconds until the next probe. */
  readonly nextProbeInMs: number;
}

/** What a pool tells its subscribers, after its state has changed. */
export type EndpointPoolEvent = EndpointDownEvent | EndpointUpEvent | EndpointProbeFailedEvent;
