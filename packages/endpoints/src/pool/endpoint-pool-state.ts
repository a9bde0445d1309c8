/** Whether an endpoint takes calls. */
export type EndpointHealth =
  /** Takes calls. */
  | 'up'
  /** Taken out after a failure; a probe is due at `nextProbeAt`. */
  | 'down'
  /** Taken out, and a probe is in flight. */
  | 'probing';

/** One endpoint of a pool, as plain data. */
export interface EndpointState {
  /** The endpoint's label (a base URL without credentials), as status lines and errors show it. */
  readonly endpoint: string;
  /** Whether it takes calls. */
  readonly health: EndpointHealth;
  /** Calls in flight on it now. */
  readonly outstanding: number;
  /** Most calls it may have in flight at once; `null` when only the model's own limit applies. */
  readonly concurrency: number | null;
  /** Calls sent to it (every attempt, failed ones included). */
  readonly requests: number;
  /** Calls it answered: a result, or an error that is the request's fault (a 400), not its own. */
  readonly answered: number;
  /** Calls that failed in a way that is the endpoint's fault: connection, timeout, 5xx, 429. */
  readonly failures: number;
  /** Times it was taken out. */
  readonly takenOut: number;
  /** Take-outs and failed probes since it last answered a call; the probe delay grows with it. */
  readonly strikes: number;
  /** Moving average of its answer latency in milliseconds; `null` before its first answer. */
  readonly latencyMs: number | null;
  /** When the average last took in an answer (clock milliseconds); `null` before the first. */
  readonly latencyAt: number | null;
  /** When it was taken out (clock milliseconds); `null` while up. */
  readonly downSince: number | null;
  /** When its next probe is due (clock milliseconds); `null` while up. */
  readonly nextProbeAt: number | null;
  /** Why it was last taken out or failed a probe (a redacted message); `null` if never. */
  readonly lastError: string | null;
  /** When it last answered a call or passed a probe; `null` if never. */
  readonly lastSeenAt: number | null;
}

/** A pool's routing and health state: plain data, changed only by `reduceEndpointPool`. */
export interface EndpointPoolState {
  /** The endpoints, in the order they were configured. */
  readonly endpoints: readonly EndpointState[];
  /** Where the round-robin among equally good endpoints starts next. */
  readonly cursor: number;
}

/** How long a taken-out endpoint rests before it is probed. */
export interface ProbePolicy {
  /** Delay before the first probe after a take-out, in milliseconds. */
  readonly probeDelayMs: number;
  /** Upper bound of the delay. */
  readonly maxProbeDelayMs: number;
  /** Factor the delay grows by with each strike. */
  readonly backoffFactor: number;
}

/** Everything that changes a pool's state. */
export type EndpointPoolAction =
  | {
      /** A call was sent to `endpoint`. */
      readonly type: 'call-sent';
      /** Index of the endpoint. */
      readonly endpoint: number;
    }
  | {
      /** A call on `endpoint` ended. */
      readonly type: 'call-ended';
      /** Index of the endpoint. */
      readonly endpoint: number;
      /**
       * `answered`: a result or the request's own error; `failed`: the endpoint's fault (it is
       * taken out); `abandoned`: the caller aborted, which says nothing about the endpoint.
       */
      readonly outcome: 'answered' | 'failed' | 'abandoned';
      /** Clock time the call ended. */
      readonly at: number;
      /** Latency of an answer worth averaging (a result), else `null`. */
      readonly latencyMs: number | null;
      /** The failure's redacted message, for `failed`. */
      readonly error: string | null;
    }
  | {
      /** A probe of a taken-out endpoint was sent. */
      readonly type: 'probe-started';
      /** Index of the endpoint. */
      readonly endpoint: number;
    }
  | {
      /** A probe (of a taken-out endpoint, or a health check of an up one) ended. */
      readonly type: 'probe-ended';
      /** Index of the endpoint. */
      readonly endpoint: number;
      /** True when the endpoint answered the probe. */
      readonly passed: boolean;
      /** Clock time the probe ended. */
      readonly at: number;
      /** The failure's redacted message, when it did not pass. */
      readonly error: string | null;
    };

// Weight of the newest answer in the latency average: recent enough to follow a server that
// slows down, smooth enough that one slow answer does not swing routing.
const latencyWeight = 0.3;

/** The state of a new pool: every endpoint up, nothing sent. */
export function initialEndpointPoolState(
  endpoints: readonly { readonly endpoint: string; readonly concurrency: number | null }[],
): EndpointPoolState {
  return {
    cursor: 0,
    endpoints: endpoints.map(({ endpoint, concurrency }) => ({
      endpoint,
      health: 'up',
      outstanding: 0,
      concurrency,
      requests: 0,
      answered: 0,
      failures: 0,
      takenOut: 0,
      strikes: 0,
      latencyMs: null,
      latencyAt: null,
      downSince: null,
      nextProbeAt: null,
      lastError: null,
      lastSeenAt: null,
    })),
  };
}

/** The probe delay after `strikes` strikes (1 for the first take-out). */
export function probeDelayFor(strikes: number, policy: ProbePolicy): number {
  const exponent = Math.max(0, strikes - 1);
  return Math.min(policy.maxProbeDelayMs, policy.probeDelayMs * policy.backoffFactor ** exponent);
}

/** The one reducer of a pool's state. Pure: the same state and action give the same state. */
export function reduceEndpointPool(
  state: EndpointPoolState,
  action: EndpointPoolAction,
  policy: ProbePolicy,
): EndpointPoolState {
  const endpoint = state.endpoints[action.endpoint];
  if (endpoint === undefined) return state;
  const replace = (next: EndpointState, cursor = state.cursor): EndpointPoolState => ({
    cursor,
    endpoints: state.endpoints.map((current, index) =>
      index === action.endpoint ? next : current,
    ),
  });
  switch (action.type) {
    case 'call-sent':
      return replace(
        { ...endpoint, outstanding: endpoint.outstanding + 1, requests: endpoint.requests + 1 },
        (action.endpoint + 1) % state.endpoints.length,
      );
    case 'call-ended': {
      const released = { ...endpoint, outstanding: Math.max(0, endpoint.outstanding - 1) };
      if (action.outcome === 'abandoned') return replace(released);
      if (action.outcome === 'answered') {
        return replace({
          ...released,
          answered: endpoint.answered + 1,
          strikes: 0,
          lastSeenAt: action.at,
          ...(action.latencyMs === null
            ? {}
            : {
                latencyMs:
                  endpoint.latencyMs === null
                    ? action.latencyMs
                    : endpoint.latencyMs + latencyWeight * (action.latencyMs - endpoint.latencyMs),
                latencyAt: action.at,
              }),
        });
      }
      const failed = { ...released, failures: endpoint.failures + 1 };
      // Calls sent before the take-out keep failing after it; only the first one counts as a strike.
      if (endpoint.health !== 'up') return replace(failed);
      return replace(takeOut(failed, action.at, action.error, policy));
    }
    case 'probe-started':
      return endpoint.health === 'down' ? replace({ ...endpoint, health: 'probing' }) : state;
    case 'probe-ended': {
      if (action.passed) {
        return replace({
          ...endpoint,
          health: 'up',
          downSince: null,
          nextProbeAt: null,
          lastSeenAt: action.at,
          // A server that was down may be a different process now: its old latency says nothing.
          ...(endpoint.health === 'up' ? {} : { latencyMs: null, latencyAt: null }),
        });
      }
      if (endpoint.health === 'up')
        return replace(takeOut(endpoint, action.at, action.error, policy));
      const strikes = endpoint.strikes + 1;
      return replace({
        ...endpoint,
        health: 'down',
        strikes,
        nextProbeAt: action.at + probeDelayFor(strikes, policy),
        lastError: action.error ?? endpoint.lastError,
      });
    }
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

function takeOut(
  endpoint: EndpointState,
  at: number,
  error: string | null,
  policy: ProbePolicy,
): EndpointState {
  const strikes = endpoint.strikes + 1;
  return {
    ...endpoint,
    health: 'down',
    takenOut: endpoint.takenOut + 1,
    strikes,
    downSince: at,
    nextProbeAt: at + probeDelayFor(strikes, policy),
    lastError: error ?? endpoint.lastError,
  };
}
