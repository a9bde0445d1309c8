import type { RunReportExecution } from './run-report-details.js';

/**
 * What a MIPROv2 run's checkpoint records tell the report beyond its candidates: the plan and
 * its estimate, every trial, the instruction candidates and what grounded them, the demo sets,
 * and the best candidate's demonstrations. Plain JSON; every part may be missing in a run that
 * stopped early.
 */
export interface MiproReportDetails {
  /** The search plan (B.4), once made. */
  readonly plan?: MiproReportPlan;
  /** The estimate against what was spent, once the search finished. */
  readonly end?: MiproReportEnd;
  /** Every trial, in order. */
  readonly trials: readonly MiproReportTrial[];
  /** Instruction candidates by module, the seed prompt first. */
  readonly instructions: Readonly<Record<string, readonly string[]>>;
  /** The data summary the proposals were grounded on, when one was written. */
  readonly dataSummary?: string;
  /** The program description, when one was written. */
  readonly programDescription?: string;
  /** Proposal-stage calls whose answer was unusable. */
  readonly proposalNoOps: number;
  /** Bootstrapping: runs of the seed program on training instances, and how many passed. */
  readonly bootstrap?: {
    readonly runs: number;
    readonly passed: number;
    readonly cutShort?: string;
    /** Runs that raised and counted as failed (with `maxErrors`), when any did. */
    readonly errors?: number;
  };
  /** The demo sets, in index order (0 is zero-shot). */
  readonly demoSets: readonly MiproReportDemoSet[];
  /** The best candidate's demonstrations by module. */
  readonly bestDemos: Readonly<Record<string, readonly MiproReportDemonstration[]>>;
  /** The best candidate's instruction candidate and demo set per module, when recorded. */
  readonly bestSelection: Readonly<
    Record<string, { readonly instruction: number; readonly demoSet: number }>
  >;
}

/** The search plan. */
export interface MiproReportPlan {
  /** Trials planned. */
  readonly trials: number;
  /** True when trials are scored on minibatches. */
  readonly minibatch: boolean;
  /** Validation instances per minibatch trial. */
  readonly minibatchSize: number;
  /** Validation instances the search scores on. */
  readonly validationSize: number;
  /** A full evaluation every this many minibatch trials (and after the last). */
  readonly fullEvalSteps: number;
  /** Estimated evaluations of the whole run when the plan was made. */
  readonly estimatedEvaluations: number;
  /** The ceiling. */
  readonly maxEvaluations: number;
  /** The searched parameters and their choice counts. */
  readonly parameters: readonly { readonly name: string; readonly choices: number }[];
}

/** The estimate against the realized count. */
export interface MiproReportEnd {
  /** Trials run. */
  readonly trials: number;
  /** The plan's estimate. */
  readonly estimatedEvaluations: number;
  /** Evaluations spent. */
  readonly evaluationsUsed: number;
  /** Estimate minus spent (never negative). */
  readonly gap: number;
  /** Full evaluations skipped (everything tried was already validated). */
  readonly fullEvaluationsSkipped: number;
  /** Trials that reused an earlier validation of their combination. */
  readonly trialsReused: number;
  /**
   * Program runs of the seed's evaluation and the search that raised and were scored 0 (the
   * `reference` profile; absent in runs saved before it was recorded).
   */
  readonly programErrors?: number;
}

/** One trial. */
export interface MiproReportTrial {
  /** 1-based trial number. */
  readonly trial: number;
  /** Its score. */
  readonly score: number;
  /** What it was scored on: `minibatch`, `validation` or `reused`. */
  readonly scoredOn: string;
  /** Per module, the instruction candidate and demo set it chose. */
  readonly selection: Readonly<
    Record<string, { readonly instruction: number; readonly demoSet: number }>
  >;
  /** A minibatch trial's task executions (its `minibatch` record), when the run kept them. */
  readonly executions?: readonly RunReportExecution[];
}

/** One demo set. */
export interface MiproReportDemoSet {
  /** Its index (0 is zero-shot). */
  readonly index: number;
  /** `zero-shot`, `labelled` or `bootstrapped`. */
  readonly kind: string;
  /** Per module, the training instances its demonstrations come from, in order. */
  readonly modules: Readonly<Record<string, readonly (string | null)[]>>;
  /** Per module, how many of its leading demonstrations were bootstrapped. */
  readonly bootstrapped: Readonly<Record<string, number>>;
}

/** One demonstration, as the module shows it. */
export interface MiproReportDemonstration {
  /** Input fields. */
  readonly input: Readonly<Record<string, unknown>>;
  /** Output fields. */
  readonly output: Readonly<Record<string, unknown>>;
  /** Reasoning, when bootstrapped with some. */
  readonly reasoning?: string;
  /** The training instance it came from. */
  readonly instanceId?: string;
}
