import type { ContractWarning, SearchEvent } from '@forge/core';
import type { EndpointPoolEvent, EndpointPoolStatus } from '@forge/endpoints';
import type { MethodNoteEvent } from '@forge/method';
import type { RecordedRetry, RunRoleUsage } from '@forge/store';

/** The run is ready: data loaded, models resolved, run directory open. */
export interface RunPreparedEvent {
  readonly type: 'run-prepared';
  /** The run directory. */
  readonly runDir: string;
  /** Benchmark id (or the program module). */
  readonly benchmark: string;
  /** Benchmark title. */
  readonly title: string;
  /** The method's id (`forge`, `prompt-search`, `gepa`, …). */
  readonly method: string;
  /** The method's title. */
  readonly methodTitle: string;
  /** The method's id (kept for readers of the earlier `variant` field). */
  readonly variant: string;
  /** Model strings by role. */
  readonly models: Readonly<Record<string, string>>;
  /** Split sizes. */
  readonly sizes: { readonly train: number; readonly validation: number; readonly test: number };
  /** True when continuing a saved run. */
  readonly resumed: boolean;
  /** True when any model is simulated (`sim:`): the numbers say nothing about real models. */
  readonly simulated: boolean;
  /** Model strings without a price: their calls count as $0 and the report shows them as unpriced. */
  readonly unpricedModels: readonly string[];
}

/** The test split was not evaluated: the user stopped the run, so nothing more is spent. */
export interface TestSkippedEvent {
  readonly type: 'test-skipped';
  /** The run directory (`forge eval --run <runDir> --split test` evaluates it later). */
  readonly runDir: string;
  /** Why: the user asked the run to stop. */
  readonly reason: 'stop-requested';
}

/** A candidate was evaluated on the test split (reporting only). */
export interface TestEvaluatedEvent {
  readonly type: 'test-evaluated';
  /** `seed` or `best`. */
  readonly label: 'seed' | 'best';
  /** Candidate index. */
  readonly candidate: number;
  /** Mean test score (over instances and repeats). */
  readonly score: number;
  /** Evaluations per test instance. */
  readonly repeats: number;
}

/**
 * Where the servers of each pooled model (several base URLs) stand: emitted once the run's
 * calls are over, before `run-end`, when any model is a pool.
 */
export interface EndpointStatusEvent {
  readonly type: 'endpoint-status';
  /** One entry per pooled model. */
  readonly pools: readonly {
    /** The model string. */
    readonly model: string;
    /** The roles that called it. */
    readonly roles: readonly string[];
    /** Its servers: up or down, requests, failures, calls in flight. */
    readonly status: EndpointPoolStatus;
  }[];
}

/** Files written to the run directory. */
export interface ArtifactsWrittenEvent {
  readonly type: 'artifacts-written';
  readonly runDir: string;
  /** Paths relative to the run directory. */
  readonly files: readonly string[];
}

/**
 * A model call failed and is being tried again: the fields of its `call_retries` row (see
 * `RecordedRetry`), without the time stamp.
 */
export interface CallRetriedEvent extends Omit<RecordedRetry, 'at'> {
  readonly type: 'call-retried';
}

/** A consistent backup of the run's database was written (`forge.backup.db`). */
export interface BackupWrittenEvent {
  readonly type: 'backup-written';
  /** The backup file. */
  readonly path: string;
  /** Completed steps it holds. */
  readonly step: number;
  /** How long it took, in ms. */
  readonly durationMs: number;
}

/** A backup could not be written; the previous one is kept and the run goes on. */
export interface BackupFailedEvent {
  readonly type: 'backup-failed';
  /** Why. */
  readonly message: string;
}

/** The whole run ended (search, test evaluation, artifacts). Always the last event. */
export interface ForgeRunEndEvent {
  readonly type: 'run-end';
  /** Why the search stopped, or `error`. */
  readonly reason: string;
  /** The error message, when reason is `error`. */
  readonly error?: string;
  readonly runDir: string;
  /** The method's id. */
  readonly method: string;
  readonly seedScore: number;
  readonly bestScore: number;
  readonly bestCandidate: number;
  readonly evaluationsUsed: number;
  /** The evaluation ceiling the run had. */
  readonly maxEvaluations: number;
  readonly steps: number;
  readonly candidates: number;
  readonly synthesisEvents: number;
  readonly admitted: number;
  /** Test scores of the seed and the best candidate, when evaluated. */
  readonly testSeedScore?: number;
  readonly testBestScore?: number;
  /**
   * Priced cost of every model call the run made, in USD, over every invocation of it (read from
   * `forge.db`: a resume never lowers it). The sum of `usage`'s roles.
   */
  readonly costUsd: number;
  /**
   * What the run spent by role (`task`, `reflect`, `assign`, `generate`, `verify`, a peer
   * method's own roles), over every invocation: billed calls and tokens, each role's cost at its
   * model's price, and cache hits counted apart.
   */
  readonly usage: Readonly<Record<string, RunRoleUsage>>;
  /**
   * Every optimizer role's answers over the whole run: how many it gave, how many could not be
   * used, and why (`truncated`, `no-block`, `invalid-json`, …). Empty when the run failed.
   */
  readonly answers: Readonly<
    Record<
      string,
      {
        /** Answers given. */
        readonly total: number;
        /** Answers that could not be used. */
        readonly unusable: number;
        /** Unusable answers by reason. */
        readonly reasons: Readonly<Record<string, number>>;
      }
    >
  >;
  /** Models that had calls but no price (their cost is unknown and counted as $0). */
  readonly unpricedModels: readonly string[];
  /** Optimizer roles whose answers mostly broke their contract, with the final counts. */
  readonly warnings: readonly ContractWarning[];
  /** True when any model was simulated. */
  readonly simulated: boolean;
}

/** A run's seed scored 0 on every validation instance: most often models that cannot answer the program. */
export interface SeedScoreWarningEvent {
  /** Always `warning`, as every warning event. */
  readonly type: 'warning';
  /** What kind of warning. */
  readonly code: 'seed-scored-zero';
  /** The benchmark or program the seed was evaluated on. */
  readonly benchmark: string;
  /** True when a task model is simulated (`sim:`). */
  readonly simulated: boolean;
  /** One paragraph for people: why, and what to use instead. */
  readonly message: string;
}

/** A run's spans could not be exported (the collector is down or refused them); the run goes on. */
export interface TelemetryWarningEvent {
  /** Always `warning`, as every warning event. */
  readonly type: 'warning';
  /** What kind of warning. */
  readonly code: 'telemetry-export-failed';
  /** Always false: about the collector, not the models. */
  readonly simulated: false;
  /** One line: which collector, and why. */
  readonly message: string;
}

/**
 * Everything `optimize` reports: the core's search events (but its `run-end`), which every method
 * emits in their contract form (`run-start`, `evaluation-end`, `candidate-validated`, `step-end`),
 * methods' own notes, the endpoint pools' events (`endpoint-down`, `endpoint-up`,
 * `endpoint-probe-failed`, as they happen), and the sdk's events.
 */
export type ForgeEvent =
  | Exclude<SearchEvent, { type: 'run-end' }>
  | MethodNoteEvent
  | RunPreparedEvent
  | EndpointPoolEvent
  | EndpointStatusEvent
  | TestEvaluatedEvent
  | TestSkippedEvent
  | ArtifactsWrittenEvent
  | CallRetriedEvent
  | BackupWrittenEvent
  | BackupFailedEvent
  | SeedScoreWarningEvent
  | TelemetryWarningEvent
  | ForgeRunEndEvent;
