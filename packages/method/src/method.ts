import type { Benchmark, Instance } from '@forge/program';
import type { CheckpointStore } from './checkpoint-store.js';
import type { MethodBudget } from './method-budget.js';
import type { MethodCandidate } from './method-candidate.js';
import type { MethodEvent } from './method-event.js';
import type { MethodHistoryPoint } from './method-history.js';
import type { MethodModels } from './method-models.js';
import type { MethodUsage } from './method-usage.js';

/**
 * A prompt optimizer behind one contract: Forge's variants, GEPA, ACE, MIPROv2, or your own. The
 * host (the sdk's `optimize`, a suite cell, a queue worker) loads the data, resolves and meters
 * the models, opens the run directory, calls `run`, evaluates the result on the test split for
 * reporting, and writes the artifacts. A method sees no test data: it selects on validation only.
 */
export interface Method {
  /** Id used in configs and on the command line (`forge`, `prompt-search`, `gepa`, `ace`, …). */
  readonly id: string;
  /** Human-readable name for reports and tables (`Forge`, `GEPA+merge`, …). */
  readonly title: string;
  /** One line saying what it does, for `--help` and docs. */
  readonly description: string;
  /**
   * The optimizer-side roles it calls (`reflect`, `curate`, `propose`, …), in the order a report
   * lists them; the host meters and prices each.
   */
  readonly roles: readonly string[];
  /**
   * Validates and normalizes the method's own settings (`methodSettings` in a config; `{}` when
   * none). Throws a `MethodSettingsError` naming the field; the host adds file and line.
   */
  parseSettings?(raw: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;
  /** Estimates what a run will spend before anything is spent (`--dry-run`, suite planning). */
  estimate?(input: MethodEstimateInput): MethodEstimate;
  /**
   * Runs the optimization, or resumes it when `context.storage` holds a saved run of this method
   * (then it continues exactly where it stopped and ends with the result an uninterrupted run
   * would have). Resolves when a stop rule fires; rejects on model failures after retries.
   */
  run(context: MethodContext): Promise<MethodResult>;
}

/** Everything a method gets from its host. */
export interface MethodContext {
  /** The run directory; anything the method writes besides `storage` goes under it. */
  readonly runDir: string;
  /** The task: program (modules, seed prompts), metric with feedback, signature, synthesis tools, (K, E, P). */
  readonly benchmark: Benchmark;
  /** The training instances (original, plus any extra training data the user added). */
  readonly train: readonly Instance[];
  /** The validation instances: the only data a method may select on. Never used for training. */
  readonly validation: readonly Instance[];
  /** Candidate 0 (the program's seed prompts unless the user gave others). */
  readonly seedCandidate: MethodCandidate;
  /** The task model and the optimizer model of each role. */
  readonly models: MethodModels;
  /** What the method may spend; `maxEvaluations` is never exceeded. */
  readonly budget: MethodBudget;
  /** Seed of every random decision. */
  readonly seed: number;
  /** Minibatch size for methods that use minibatches (default 3). */
  readonly minibatchSize: number;
  /** Task evaluations in flight at once. */
  readonly concurrency: number;
  /** The method's own settings, as its `parseSettings` returned them. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Where the method saves its progress. */
  readonly storage: MethodStorage;
  /** Graceful stop: finish the current unit of work, save, and resolve. */
  readonly stopSignal?: AbortSignal;
  /** Immediate stop: abort in-flight calls; the run stays at its last save. */
  readonly abortSignal?: AbortSignal;
  /** Receives progress events; must not throw. */
  readonly onEvent: (event: MethodEvent) => void;
  /** Milliseconds clock (tests inject one). */
  readonly clock: () => number;
}

/** A run's persistence, provided by the host. */
export interface MethodStorage {
  /** The method's checkpoints and report records. */
  readonly checkpoints: CheckpointStore;
}

/** What a finished (or stopped) method run produced. */
export interface MethodResult {
  /**
   * Why it stopped, in words (`evaluation budget (…)`, `converged`, `stop requested`, …). A stop
   * by one of the host's limits starts with that limit's words (`methodStopCause` lists them),
   * so a host can tell a run that finished from one a cap cut short.
   */
  readonly stopReason: string;
  /** The seed candidate (index 0). */
  readonly seedCandidate: MethodCandidate;
  /** The selected candidate: highest mean validation score, earliest on ties. */
  readonly bestCandidate: MethodCandidate;
  /** Its index among the candidates the method validated. */
  readonly bestCandidateIndex: number;
  /** The seed's mean validation score. */
  readonly seedValidation: number;
  /** The selected candidate's mean validation score. */
  readonly bestValidation: number;
  /**
   * Task evaluations spent (SPEC §3's count), at most `budget.maxEvaluations` unless
   * `ceilingNote` says why not.
   */
  readonly evaluationsUsed: number;
  /**
   * Set when the run's settings let it spend past `budget.maxEvaluations` (a reference
   * implementation's budget rule, e.g. GEPA's `profile: reference`): how, in one sentence. A
   * suite prints it under its tables and flags the cells that did exceed their ceiling.
   */
  readonly ceilingNote?: string;
  /** The method's steps completed. */
  readonly steps: number;
  /** Candidates validated (the seed included). */
  readonly candidates: number;
  /** Model usage by role, `task` included. */
  readonly usage: MethodUsage;
  /** Best validation score against evaluations spent, one point per validated candidate. */
  readonly history: readonly MethodHistoryPoint[];
  /** Training instances the method created and admitted (Forge's synthetic data), in order. */
  readonly syntheticInstances?: readonly Instance[];
  /** Method-specific figures for `result.json` and tables (merges accepted, playbook size, …). */
  readonly summary?: Readonly<Record<string, unknown>>;
}

/** What an estimate is based on. */
export interface MethodEstimateInput {
  /** The evaluation ceiling. */
  readonly maxEvaluations: number;
  /** Training instances. */
  readonly trainingSize: number;
  /** Validation instances. */
  readonly validationSize: number;
  /** Module names. */
  readonly modules: readonly string[];
  /** Minibatch size. */
  readonly minibatchSize: number;
  /** The method's parsed settings. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** The benchmark's (K, E, P). */
  readonly synthesis: Benchmark['synthesis'];
}

/** An upper-bound estimate of a run's spend, with the assumptions behind it. */
export interface MethodEstimate {
  /** Task evaluations (never above the ceiling). */
  readonly taskEvaluations: number;
  /** Optimizer-side model calls by role. */
  readonly optimizerCalls: Readonly<Record<string, number>>;
  /** The assumptions, in words. */
  readonly assumptions: readonly string[];
  /**
   * What a run typically spends: at a stop of the method's own before the ceiling (Forge at
   * completion, ACE's convergence), or the typical optimizer calls of a run that spends its
   * ceiling (a step that reflects only on an imperfect minibatch). Without it, the host takes the
   * upper bound as the expected figure too.
   */
  readonly expected?: MethodExpectedSpend;
  /**
   * What one unit of each optimizer role (a count in `optimizerCalls`) is made of, so the host
   * can size its prompts and answers from the program it measured. A role without one is sized
   * from the host's typical figures.
   */
  readonly callShapes?: Readonly<Record<string, MethodCallShape>>;
}

/**
 * The make-up of one optimizer unit, from the method's structure: the host multiplies it by the
 * sizes it measured on the program (its instructions, one evaluation's execution, one instance).
 */
export interface MethodCallShape {
  /** Model calls per unit (an agent run of several turns is more than one). */
  readonly callsPerUnit: number;
  /** Prompt tokens of a call's fixed text: the method's own template (count it from the text). */
  readonly fixedPromptTokens: number;
  /** Module instructions a call shows (the prompt it rewrites, the program's prompts). */
  readonly instructionsShown: number;
  /** Task executions a call shows (each: one evaluation's inputs, outputs and feedback). */
  readonly executionsShown: number;
  /** Answer tokens of a call besides the instructions and instances it writes (its analysis, its format). */
  readonly fixedAnswerTokens: number;
  /** Module instructions an answer writes (a rewritten prompt: 1). */
  readonly instructionsWritten: number;
  /** Task instances an answer writes (a synthesized instance: 1). */
  readonly instancesWritten: number;
}

/** A method's typical spend: the figures of `MethodEstimate`, at a typical stop. */
export interface MethodExpectedSpend {
  /** Task evaluations a run typically spends (never above the ceiling). */
  readonly taskEvaluations: number;
  /**
   * What a run with the host's call cache on (the default) is billed for, when the method repeats
   * calls: the task evaluations that are new (prompt, instance) pairs (a parent evaluated again on
   * an instance it saw is answered from the cache; the budget still counts it), and the optimizer
   * units whose calls are new (a repeated call is answered from the cache, and what it leads to —
   * a repeated generation, rejected as a duplicate before the verifier — is not made). Without
   * it, or with the cache off, the host bills `taskEvaluations` and `optimizerCalls` whole.
   */
  readonly billed?: MethodBilledSpend;
  /** Optimizer-side model calls by role, typically. */
  readonly optimizerCalls: Readonly<Record<string, number>>;
  /** Where the typical figures come from, in words. */
  readonly basis: string;
}

/** The share of a method's typical spend that a run with the call cache on pays for. */
export interface MethodBilledSpend {
  /** Task evaluations that are new (prompt, instance) pairs (at most `taskEvaluations`). */
  readonly taskEvaluations: number;
  /**
   * Of the billed `taskEvaluations`, those of a candidate whose prompts differ in one module only
   * from a candidate the run evaluated on the same instance before, the module picked round robin
   * in declaration order (a proposal on its parent's minibatch, an accepted proposal on V after
   * its parent). The cache answers such an evaluation's calls before that module's first call
   * (same prompts, same inputs), so the host bills only the share of calls its measured call order
   * puts at or after the changed module, averaged over the modules. Without it, every billed
   * evaluation is billed whole.
   */
  readonly oneModuleChanged?: number;
  /** Optimizer units by role whose calls are new (at most `optimizerCalls`'s). */
  readonly optimizerCalls: Readonly<Record<string, number>>;
}
