import { join } from 'node:path';
import { type ForgeEvent, optimize } from '@forge/sdk';
import {
  type FaultKind,
  type FaultPlanOptions,
  type FaultWire,
  faultKinds,
  startFaultProxy,
} from '@forge/sim';
import { type RunOutcome, readRunOutcome } from './read-run-outcome.js';
import { startSimWireServer } from './wires/start-sim-wire-server.js';

/** What a retry of each injected fault looks like: its error kind and status. */
export const retrySignatures: Readonly<Record<FaultKind, string>> = {
  'rate-limit-retry-after': 'http 429',
  'rate-limit': 'http 429',
  'server-error': 'http 500',
  unavailable: 'http 503',
  overloaded: 'http 529',
  reset: 'connection',
  slow: 'timeout',
  'cut-body': 'unreadable-response',
  'truncated-json': 'unreadable-response',
  'non-json': 'unreadable-response',
};

/** Options of `runFaultTrial`. */
export interface FaultTrialOptions {
  /** Which provider's wire. */
  readonly wire: FaultWire;
  /** Fraction of calls that get a fault. */
  readonly rate: number;
  /** Seed of the fault decisions. */
  readonly seed: number;
  /** Where the two run directories go. */
  readonly workDir: string;
  /** Evaluation budget of each run. Default 400. */
  readonly maxEvaluations?: number;
  /**
   * Relative weights of the fault kinds (see `FaultPlanOptions.weights`). Default every kind
   * equally. A `slow` fault costs a whole client timeout of waiting, so a test that needs only to
   * meet each kind gives it a small weight.
   */
  readonly weights?: FaultPlanOptions['weights'];
  /** Per-attempt timeout of the models; a `slow` fault holds answers back twice as long. Default 5000: a loaded CI machine (two cores, several test processes) answers a clean call within it. */
  readonly timeoutMs?: number;
}

/** A fault-free run and the same run over the fault proxy, compared. */
export interface FaultTrialResult {
  readonly wire: FaultWire;
  /** The fault-free run. */
  readonly clean: RunOutcome;
  /** The run over the proxy. */
  readonly faulty: RunOutcome;
  /** True when both decided the same steps, candidates and data, and wrote the same result. */
  readonly identical: boolean;
  /** True when both caches hold exactly the same answers (no failed call was stored). */
  readonly sameCache: boolean;
  /** Requests the proxy saw. */
  readonly requests: number;
  /** Faults injected, by kind. */
  readonly faults: Readonly<Record<FaultKind, number>>;
  /** Faults injected, by the retry they should cause (`http 429`, `timeout`, …). */
  readonly expectedRetries: Readonly<Record<string, number>>;
  /** `call-retried` events the faulty run emitted. */
  readonly retryEvents: number;
  /** Calls paid twice: paid calls of the faulty run minus those of the clean one. */
  readonly repaid: number;
}

/**
 * Runs the simulated benchmark twice over `wire` — straight to the simulated server, then through
 * a proxy injecting faults at `rate` — and compares what the two runs decided, cached and paid.
 */
export async function runFaultTrial(options: FaultTrialOptions): Promise<FaultTrialResult> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const server = await startSimWireServer(options.wire, { latency: 1 });
  const proxy = await startFaultProxy({
    upstream: server.root,
    wire: options.wire,
    seed: options.seed,
    rate: options.rate,
    ...(options.weights === undefined ? {} : { weights: options.weights }),
    slowMs: timeoutMs * 2,
  });
  try {
    const run = async (name: string, root: string, onEvent?: (event: ForgeEvent) => void) => {
      const runDir = join(options.workDir, `${options.wire}-${name}`);
      await optimize(
        {
          benchmark: 'sim',
          taskModel: modelConfig(options.wire, 'task', server.addressFor(root), timeoutMs),
          optimizerModel: modelConfig(
            options.wire,
            'optimizer',
            server.addressFor(root),
            timeoutMs,
          ),
          budget: { maxEvaluations: options.maxEvaluations ?? 400 },
          runDir,
        },
        { environment: {}, ...(onEvent === undefined ? {} : { onEvent }) },
      );
      return readRunOutcome(runDir);
    };
    const clean = await run('clean', server.root);
    let retryEvents = 0;
    const faulty = await run('faulty', proxy.url, (event) => {
      if (event.type === 'call-retried') retryEvents += 1;
    });
    const stats = proxy.stats();
    const expectedRetries: Record<string, number> = {};
    for (const kind of faultKinds) {
      const count = stats.faults[kind];
      if (count === 0) continue;
      const signature = retrySignatures[kind];
      expectedRetries[signature] = (expectedRetries[signature] ?? 0) + count;
    }
    return {
      wire: options.wire,
      clean,
      faulty,
      identical: JSON.stringify(clean.decisions) === JSON.stringify(faulty.decisions),
      sameCache: JSON.stringify(clean.cache) === JSON.stringify(faulty.cache),
      requests: stats.requests,
      faults: stats.faults,
      expectedRetries,
      retryEvents,
      repaid: faulty.paid - clean.paid,
    };
  } finally {
    await proxy.close();
    await server.close();
  }
}

function modelConfig(wire: FaultWire, model: string, address: string, timeoutMs: number) {
  return {
    model: `${wire}:${model}`,
    baseURL: address,
    timeoutMs,
    maxRetries: 8,
    retryDelayMs: 5,
    // Anthropic always needs a key; the simulated server takes any.
    ...(wire === 'anthropic'
      ? { settings: { apiKey: ['sk', 'ant', 'simulated', 'key'].join('-') } }
      : {}),
  };
}
