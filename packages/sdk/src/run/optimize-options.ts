import type { SearchResult } from '@forge/core';
import type { MethodResult } from '@forge/method';
import type { Demonstrations } from '@forge/program';
import type { LeakageAudit } from '@forge/synth';
import type { ForgeConfigInput } from '../config/forge-config-schema.js';
import type { BenchmarkInput, ModelInput, ProgramObjectFields } from '../inputs/object-inputs.js';
import type { ForgeEvent, ForgeRunEndEvent } from './sdk-events.js';

/**
 * What `optimize` takes: everything a config file holds (`ForgeConfigInput`), and in the library
 * objects besides names — a `LanguageModel` object (or settings whose `model` is one) for any
 * model, a `Benchmark` object for `benchmark`, or a `Program` object in `program` with its
 * `metric`, `train`, `validation` (and optionally `test`, `signature`) arrays. Objects are never
 * saved with the run: `config.json` lists their fields under `objectInputs`, and a resume needs
 * them given again. Generic in a typed program's input, gold and output types (inferred from
 * `program`), which type `metric`, `train`, `validation` and `test`.
 */
export type OptimizeConfig<
  Input = Readonly<Record<string, unknown>>,
  Gold = Readonly<Record<string, unknown>>,
  Output = Readonly<Record<string, unknown>>,
> = Omit<
  Partial<ForgeConfigInput>,
  'taskModel' | 'optimizerModel' | 'roleModels' | 'moduleModels' | 'benchmark' | 'program'
> &
  ProgramObjectFields<Input, Gold, Output> & {
    /** The model the program runs on. */
    readonly taskModel?: ModelInput;
    /** The model of the optimizer roles. */
    readonly optimizerModel?: ModelInput;
    /** Per-role overrides of the optimizer model. */
    readonly roleModels?: Readonly<Record<string, ModelInput>>;
    /**
     * Task models of particular program modules, by module name (the rest run on `taskModel`):
     * a module's calls go to its own model, with the run's cache, call records, limits and cost
     * table, under role `task`.
     */
    readonly moduleModels?: Readonly<Record<string, ModelInput>>;
    /** A benchmark id, or a `Benchmark` object. */
    readonly benchmark?: BenchmarkInput;
  };

/** The model fields of an optimize config that may hold objects. */
export const optimizeModelFields = [
  'taskModel',
  'optimizerModel',
  'roleModels.*',
  'moduleModels.*',
] as const;

/** Options of `optimize` besides the config. */
export interface OptimizeOptions {
  /** Receives every event; the last one is always `run-end`. */
  readonly onEvent?: (event: ForgeEvent) => void;
  /** Graceful stop: the run finishes its current step, saves, and ends. */
  readonly stopSignal?: AbortSignal;
  /** Immediate stop: in-flight calls are aborted; the run stays at its last saved step. */
  readonly abortSignal?: AbortSignal;
  /**
   * A run directory to continue. Its saved config is used; fields of `config` given here
   * override it (e.g. a larger budget).
   */
  readonly resume?: string;
  /**
   * On `resume`, import the program and provider modules the run's config.json names without
   * their being given again in `config` (they run as code: only for a run that is yours).
   * Default false.
   */
  readonly trustRunModules?: boolean;
  /**
   * On `resume`, model servers this call vouches for (`forge optimize --base-url`): a server
   * (`baseURL`, a pool's URL, `host`) the run's config.json records is sent this machine's keys
   * only when it is one of these, in `config`, in the environment (`OPENAI_BASE_URL`,
   * `ANTHROPIC_BASE_URL`, `OLLAMA_HOST`), or with `trustRunModules`.
   */
  readonly endpoints?: readonly string[];
  /** Where the config came from, for error messages. Default `<options>`. */
  readonly configFile?: string;
  /** The line of a config field in `configFile`, so errors can name it. */
  readonly configLineOf?: (path: readonly PropertyKey[]) => number | undefined;
  /** Environment to read API keys from. Default `process.env`. */
  readonly environment?: Record<string, string | undefined>;
  /**
   * An OpenTelemetry tracer of your own (`trace.getTracer('my-app')`): the run's spans are made
   * with it and your SDK exports them. Without it, a `telemetry` block in the config makes Forge
   * export them itself. Needs `@forge/telemetry` installed.
   */
  readonly tracer?: TelemetryTracer;
  /**
   * The suite cell this run is, when a suite runs it: recorded in the run's database and shown
   * on its report (and `forge report --compare`), so a cell's page says which arm it ran.
   */
  readonly suiteCell?: RunSuiteCell;
}

/** The suite cell a run is, as its report shows it. */
export interface RunSuiteCell {
  /** The cell's id in its suite (`sim/forge/sim-task/sim-optimizer/seed-1`). */
  readonly id: string;
  /** Its training data: `original`, or `augmented` with a transfer source's synthetic data. */
  readonly arm: string;
  /** Its part in the alignment: `reference`, `aligned` or `control`. */
  readonly role: string;
}

/**
 * An OpenTelemetry `Tracer` (what `trace.getTracer(name)` of `@opentelemetry/api` returns),
 * described by the one method the sdk's type needs, so the sdk's types do not depend on
 * `@opentelemetry/api` being installed.
 */
export interface TelemetryTracer {
  /** Starts a span (OpenTelemetry's `Tracer.startSpan`). */
  startSpan(name: string, options?: object, context?: object): unknown;
}

/** What a finished (or stopped) run produced. */
export interface OptimizeResult extends Omit<ForgeRunEndEvent, 'type' | 'error'> {
  /** The best candidate's prompts, by module. */
  readonly bestPrompts: Readonly<Record<string, string>>;
  /** The best candidate's few-shot demonstrations by module, when it has any (MIPROv2). */
  readonly bestDemos?: Demonstrations;
  /** Files written to the run directory (relative paths). */
  readonly files: readonly string[];
  /** The method's result (candidates, counts, usage, score-vs-evaluations history). */
  readonly result: MethodResult;
  /** The core's result (full state, lineage, history), for runs of Forge's variants. */
  readonly search?: SearchResult;
  /**
   * The method's admitted synthetic data checked against validation and test after the run
   * (the paper's D.2), when the method made any and `guards.audit` is not false.
   */
  readonly leakageAudit?: LeakageAudit;
  /** Extra training instances appended from `extraTrain` files. */
  readonly extraTraining: number;
}
