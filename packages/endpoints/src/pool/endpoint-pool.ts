import {
  APICallError,
  type Clock,
  type GenerateRequest,
  type GenerateResult,
  httpStatusOf,
  InvalidArgumentError,
  isRetryableError,
  type LanguageModel,
  type LanguageModelMiddleware,
  type PerEndpointModel,
  perEndpointModelMark,
  systemClock,
} from '@forge/provider';
import { type EndpointAttempt, EndpointPoolError } from '../errors/endpoint-pool-error.js';
import { EndpointPoolCore, messageOf } from './endpoint-pool-core.js';
import type { EndpointPoolEvent, EndpointPoolStatus } from './endpoint-pool-events.js';

/** One server of a pool. */
export interface PoolEndpoint {
  /** The endpoint's name in status, events and errors: its base URL (credentials are stripped). */
  readonly url: string;
  /** The model as this server serves it. All endpoints must report the same provider and model id. */
  readonly model: LanguageModel;
  /**
   * A cheap request that resolves when the server is up (e.g. `GET /v1/models`) and rejects when
   * not. Without one, a taken-out endpoint goes back on trial once its rest is over.
   */
  readonly probe?: (signal: AbortSignal) => Promise<void>;
  /** Calls in flight at once on this server. Default the pool's `endpointConcurrency`. */
  readonly concurrency?: number;
}

/** Options of `createEndpointPool`. */
export interface EndpointPoolOptions {
  /** The servers, in order; round-robin among equally good ones follows it. */
  readonly endpoints: readonly PoolEndpoint[];
  /** Calls in flight at once per server. Default no limit of its own (the model's limits apply). */
  readonly endpointConcurrency?: number;
  /** Rest before the first probe of a taken-out endpoint, in milliseconds. Default 1000. */
  readonly probeDelayMs?: number;
  /** Longest rest; it doubles with each failed probe or repeated take-out. Default 60000. */
  readonly maxProbeDelayMs?: number;
  /** Longest a probe may take, in milliseconds. Default 10000. */
  readonly probeTimeoutMs?: number;
  /** How often endpoints idle that long are probed while up, or `false`. Default 30000. */
  readonly healthCheckIntervalMs?: number | false;
  /** Timers. Default the system clock. */
  readonly clock?: Clock;
}

/**
 * A `LanguageModel` served by several interchangeable servers. It reports the endpoints'
 * provider and model id, so cache keys, prices and records never depend on which one answered.
 */
export interface EndpointPool extends PerEndpointModel {
  /** Endpoints up and down, calls in flight and waiting, per-endpoint counts. */
  status(): EndpointPoolStatus;
  /** Hears endpoints go down, come back and fail probes; returns the function that stops it. */
  subscribe(listener: (event: EndpointPoolEvent) => void): () => void;
  /**
   * The same pool (same routing, health and counts) with `middleware` around each endpoint's
   * model — how the timeout middleware times each endpoint attempt rather than the whole call.
   */
  withEndpointMiddleware(middleware: LanguageModelMiddleware): EndpointPool;
  /** Stops probes and health checks. The pool still routes calls. */
  close(): void;
}

/** True when `value` is a pool made by `createEndpointPool` (from any copy of this package). */
export function isEndpointPool(value: unknown): value is EndpointPool {
  return typeof value === 'object' && value !== null && perEndpointModelMark in value;
}

/**
 * Makes one model of several servers. Each call goes to the up endpoint with the fewest calls in
 * flight (see `pickEndpoint`), within each endpoint's concurrency. An endpoint that fails the way
 * a server fails — connection refused or reset, a timeout, 5xx, 429 — is taken out, and the call
 * goes at once to an endpoint it has not tried; the taken-out endpoint is probed after a rest that
 * doubles with each failure, and comes back when a probe passes. An error that is the request's
 * own (a 400, a 404, malformed output) is not the server's fault: it ends the call, as it would
 * on one server. The call's result is the one answer it got, so nothing is metered twice.
 */
export function createEndpointPool(options: EndpointPoolOptions): EndpointPool {
  const [first] = options.endpoints;
  if (first === undefined) {
    throw new InvalidArgumentError({
      argument: 'endpoints',
      message: 'endpoint pool: give at least one endpoint',
    });
  }
  const labels = new Set<string>();
  for (const endpoint of options.endpoints) {
    if (
      endpoint.model.provider !== first.model.provider ||
      endpoint.model.modelId !== first.model.modelId
    ) {
      throw new InvalidArgumentError({
        argument: 'endpoints',
        message: `endpoint pool: every endpoint must serve ${first.model.provider}:${first.model.modelId}; ${endpoint.url} serves ${endpoint.model.provider}:${endpoint.model.modelId}`,
      });
    }
    if (labels.has(endpoint.url)) {
      throw new InvalidArgumentError({
        argument: 'endpoints',
        message: `endpoint pool: ${endpoint.url} is listed twice`,
      });
    }
    labels.add(endpoint.url);
  }
  const positive = (value: number | undefined, field: string, fallback: number): number => {
    if (value === undefined) return fallback;
    if (!(value > 0)) {
      throw new InvalidArgumentError({
        argument: field,
        message: `endpoint pool: ${field} must be a positive number, got ${value}`,
      });
    }
    return value;
  };
  const endpointConcurrency =
    options.endpointConcurrency === undefined
      ? null
      : positive(options.endpointConcurrency, 'endpointConcurrency', 1);
  const probeDelayMs = positive(options.probeDelayMs, 'probeDelayMs', 1000);
  const clock = options.clock ?? systemClock;
  const core = new EndpointPoolCore(
    options.endpoints.map((endpoint) => ({
      endpoint: endpoint.url,
      concurrency:
        endpoint.concurrency === undefined
          ? endpointConcurrency
          : positive(endpoint.concurrency, 'concurrency', 1),
      probe: endpoint.probe,
    })),
    {
      provider: first.model.provider,
      modelId: first.model.modelId,
      policy: {
        probeDelayMs,
        maxProbeDelayMs: Math.max(
          probeDelayMs,
          positive(options.maxProbeDelayMs, 'maxProbeDelayMs', 60_000),
        ),
        backoffFactor: 2,
      },
      probeTimeoutMs: positive(options.probeTimeoutMs, 'probeTimeoutMs', 10_000),
      healthCheckIntervalMs:
        options.healthCheckIntervalMs === false
          ? false
          : positive(options.healthCheckIntervalMs, 'healthCheckIntervalMs', 30_000),
      clock,
    },
  );
  return poolView(
    core,
    options.endpoints.map((endpoint) => endpoint.model),
    options.endpoints.map((endpoint) => endpoint.url),
    clock,
  );
}

function poolView(
  core: EndpointPoolCore,
  models: readonly LanguageModel[],
  labels: readonly string[],
  clock: Clock,
): EndpointPool {
  const { provider, modelId } = models[0] as LanguageModel;
  const where = `${provider}:${modelId}`;
  const generate = async (request: GenerateRequest): Promise<GenerateResult> => {
    request.abortSignal?.throwIfAborted();
    core.start();
    const tried = new Set<number>();
    const attempts: EndpointAttempt[] = [];
    for (;;) {
      const index = await core.acquire(tried, request.abortSignal);
      if (index === undefined) {
        throw unavailable(core, { provider, modelId, where }, attempts, clock.now());
      }
      tried.add(index);
      const model = models[index] as LanguageModel;
      const endpoint = labels[index] as string;
      const started = clock.now();
      try {
        const result = await model.generate(request);
        const at = clock.now();
        core.dispatch({
          type: 'call-ended',
          endpoint: index,
          outcome: 'answered',
          at,
          latencyMs: at - started,
          error: null,
        });
        return result;
      } catch (error) {
        const at = clock.now();
        if (request.abortSignal?.aborted) {
          core.dispatch({
            type: 'call-ended',
            endpoint: index,
            outcome: 'abandoned',
            at,
            latencyMs: null,
            error: null,
          });
          throw error;
        }
        attempts.push({ endpoint, error });
        if (!isEndpointFailure(error)) {
          core.dispatch({
            type: 'call-ended',
            endpoint: index,
            outcome: 'answered',
            at,
            latencyMs: null,
            error: null,
          });
          throw new EndpointPoolError({
            message: attemptList(where, attempts),
            reason: 'endpoint-error',
            attempts,
            provider,
            modelId,
          });
        }
        core.dispatch({
          type: 'call-ended',
          endpoint: index,
          outcome: 'failed',
          at,
          latencyMs: null,
          error: messageOf(error, where),
        });
      }
    }
  };
  return {
    specificationVersion: 'v1',
    provider,
    modelId,
    [perEndpointModelMark]: true,
    generate,
    status: () => core.status(),
    subscribe: (listener) => core.subscribe(listener),
    withEndpointMiddleware: (middleware) => poolView(core, models.map(middleware), labels, clock),
    close: () => core.close(),
  } as EndpointPool;
}

// A server's failure, not the request's: worth sending the call elsewhere. A 409 is retryable
// but says the request conflicted, not that the server is unwell.
function isEndpointFailure(error: unknown): boolean {
  if (!isRetryableError(error)) return false;
  const status = APICallError.isInstance(error) ? error.statusCode : httpStatusOf(error);
  return status !== 409;
}

function unavailable(
  core: EndpointPoolCore,
  identity: { readonly provider: string; readonly modelId: string; readonly where: string },
  attempts: readonly EndpointAttempt[],
  now: number,
): EndpointPoolError {
  const { provider, modelId, where } = identity;
  const triedLabels = new Set(attempts.map((attempt) => attempt.endpoint));
  const down = core
    .status()
    .endpoints.filter((endpoint) => !triedLabels.has(endpoint.endpoint))
    .map((endpoint) => {
      const since =
        endpoint.downSince === null
          ? ''
          : ` for ${Math.round((now - endpoint.downSince) / 1000)} s`;
      const probe =
        endpoint.nextProbeAt === null
          ? ''
          : `, next probe in ${Math.max(0, endpoint.nextProbeAt - now)} ms`;
      return `${endpoint.endpoint} (down${since}${endpoint.lastError === null ? '' : `: ${endpoint.lastError}`}${probe})`;
    });
  if (attempts.length === 0) {
    return new EndpointPoolError({
      message: `${where}: no endpoint of the pool is up: ${down.join('; ')}`,
      reason: 'no-endpoint-up',
      attempts,
      provider,
      modelId,
    });
  }
  return new EndpointPoolError({
    message: `${attemptList(where, attempts)}${down.length === 0 ? '' : `; not tried, down: ${down.join('; ')}`}`,
    reason: 'all-endpoints-failed',
    attempts,
    provider,
    modelId,
  });
}

function attemptList(where: string, attempts: readonly EndpointAttempt[]): string {
  const listed = attempts
    .map((attempt) => `${attempt.endpoint}: ${messageOf(attempt.error, where)}`)
    .join('; ');
  return attempts.length === 1
    ? `${where}: endpoint ${listed}`
    : `${where}: ${attempts.length} endpoints tried: ${listed}`;
}
