import type { MiproReportDetails } from './mipro-report-details.js';
import type {
  RunReportEvaluation,
  RunReportProposal,
  RunReportSynthesisAttempt,
  RunReportValidationInstance,
  RunReportWarning,
} from './run-report-details.js';
import type { RunReportPlaybookPoint } from './run-report-playbook.js';

/**
 * How a run ended, that it is still going, or `interrupted`: saved as running, but its writer is
 * gone (killed or crashed; `forge optimize --resume` continues it).
 */
export type RunReportStatus = 'running' | 'completed' | 'stopped' | 'failed' | 'interrupted';

/** Which run the report describes. */
export interface RunReportRun {
  /** The run directory, as the user passed it or as the store resolved it. */
  readonly runDir: string;
  /** The benchmark name, e.g. `hover`. */
  readonly benchmark: string;
  /** The model that runs the LM program (`provider:model`). */
  readonly taskModel: string;
  /** The model that reflects, assigns, generates and verifies (`provider:model`). */
  readonly optimizerModel: string;
  /** The run's seed. */
  readonly seed: number;
  /** Whether the run is still going, finished, was stopped by a rule, failed or was interrupted. */
  readonly status: RunReportStatus;
  /** Why it stopped (a stop rule's name or the error message), when known. */
  readonly stopReason?: string;
  /** When the run started (ISO 8601), when known. */
  readonly startedAt?: string;
  /** The optimizer variant, e.g. `forge` or `prompt-search`. */
  readonly variant?: string;
  /** The method's profile (`paper`, `reference`), for methods whose settings have one (GEPA, ACE, MIPROv2). */
  readonly profile?: string;
  /** The suite cell the run is, when a suite ran it. */
  readonly suiteCell?: RunReportSuiteCell;
  /** What the run is called beside others in a comparison (what differs between them). */
  readonly label?: string;
}

/** The suite cell a run is. */
export interface RunReportSuiteCell {
  /** The cell's id in its suite. */
  readonly id: string;
  /** Its training data: `original`, or `augmented` with a transfer source's synthetic data. */
  readonly arm: string;
  /** Its part in the alignment: `reference`, `aligned` or `control`. */
  readonly role: string;
}

/** Sizes of the training set the search draws minibatches from. */
export interface RunReportTrainingSize {
  /** Examples from the benchmark's own training split. */
  readonly original: number;
  /** Admitted synthetic examples. */
  readonly synthetic: number;
}

/** The headline numbers of the run. */
export interface RunReportSummary {
  /** The seed candidate's mean validation score. */
  readonly seedScore: number;
  /** The best candidate's mean validation score. */
  readonly bestScore: number;
  /** The best candidate's index. */
  readonly bestCandidate: number;
  /** Task-model evaluations spent. */
  readonly evaluationsUsed: number;
  /** The evaluation budget; 0 or a non-finite value when there is none. */
  readonly maxEvaluations: number;
  /** Completed search steps. */
  readonly steps: number;
  /** Candidates in the pool, the seed included. */
  readonly candidates: number;
  /** The best candidate's test score, when the run evaluated it on the test split. */
  readonly testScore?: number;
  /** Synthesis events that ran. */
  readonly synthesisEvents: number;
  /** Synthetic examples admitted over all events. */
  readonly admitted: number;
  /** The training set's size at the end of the run. */
  readonly trainingSize: RunReportTrainingSize;
}

/** One candidate of the pool (only accepted proposals become candidates). */
export interface RunReportCandidate {
  /** Its index in the pool; the seed is 0. */
  readonly index: number;
  /** The candidate it was derived from, or null for the seed. */
  readonly parent: number | null;
  /**
   * A merged candidate's parents besides `parent` (GEPA+merge); the lineage draws a dashed edge
   * from each. Absent for candidates with one parent.
   */
  readonly otherParents?: readonly number[];
  /** How the method made it (`seed`, `reflection`, `merge`, …), for methods that say so. */
  readonly origin?: string;
  /** The module whose prompt the step rewrote, or null for the seed. */
  readonly module: string | null;
  /** The step that produced it, or null for the seed. */
  readonly step: number | null;
  /** Its mean validation score. */
  readonly validationScore: number;
  /** Evaluations spent before its validation pass (GEPA's discovery budget). */
  readonly evaluationsAtDiscovery: number;
  /**
   * Evaluations spent once its validation pass finished: where its score became known, and where
   * the score chart draws it. Defaults to `evaluationsAtDiscovery`.
   */
  readonly evaluationsSpent?: number;
  /** The first characters of the rewritten prompt, shown on hover. */
  readonly promptPreview?: string;
}

/** One point of the best-so-far curve. */
export interface RunReportCurvePoint {
  /** Evaluations spent. */
  readonly evaluations: number;
  /** The best mean validation score found within those evaluations. */
  readonly bestScore: number;
}

/** How many attempts of one failure mode a synthesis event made and admitted. */
export interface RunReportSynthesisMode {
  /** The failure mode's name. */
  readonly name: string;
  /** Generation attempts allocated to it. */
  readonly attempts: number;
  /** Attempts that were admitted to the training set. */
  readonly admitted: number;
}

/** One synthesis event and the fate of every generation attempt it made. */
export interface RunReportSynthesisEvent {
  /** The event's number, from 0 (the terminal, the JSON events and the database use the same). */
  readonly event: number;
  /** The search step after which it ran. */
  readonly step: number;
  /** Evaluations spent when it ran. */
  readonly evaluationsUsed: number;
  /** Generation attempts made. */
  readonly attempts: number;
  /** Attempts admitted to the training set. */
  readonly admitted: number;
  /**
   * Attempts by final outcome: `admitted`, `generation-failed`, `verification-failed`,
   * `rejected-validity`, `rejected-faithfulness`, `rejected-both`, `duplicate`, `leaked`.
   */
  readonly outcomes: Readonly<Record<string, number>>;
  /** Attempts and admissions per failure mode. */
  readonly modes: readonly RunReportSynthesisMode[];
}

/** One failure mode as the failure memory held it in a window. */
export interface RunReportFailureMode {
  /** The mode's short name. */
  readonly name: string;
  /** What goes wrong, in the assigner's words. */
  readonly description: string;
  /** Failed executions assigned to it in the window. */
  readonly failures: number;
}

/** The failure modes collected in one synthesis epoch: the window before one synthesis event. */
export interface RunReportFailureModeWindow {
  /** What the window is, e.g. `Before synthesis event 0`. */
  readonly label: string;
  /** The synthesis event the window ends at; for the epoch still open, the number the next event will have. */
  readonly event: number;
  /** True for the epoch still open (no synthesis event has closed it yet). */
  readonly open?: boolean;
  /** The modes and their supporting failures. */
  readonly modes: readonly RunReportFailureMode[];
}

/** Model usage of one role. */
export interface RunReportUsage {
  /** The role: `task`, `reflect`, `assign`, `generate` or `verify`. */
  readonly role: string;
  /** Model calls billed (cache hits excluded). */
  readonly calls: number;
  /** Calls answered from the run's response cache (no cost), when there were any. */
  readonly cachedCalls?: number;
  /** Prompt tokens sent. */
  readonly inputTokens: number;
  /** Completion tokens received. */
  readonly outputTokens: number;
  /** Cost in US dollars of the priced calls (unpriced calls count 0). */
  readonly costUsd: number;
  /** Models of this role without a price: its cost is unknown, and the report says `unpriced`. */
  readonly unpricedModels?: readonly string[];
}

/** What one optimizer role's answers were worth, over the whole run (from `optimizer_answers`). */
export interface RunReportAnswers {
  /** The role that answered: Forge's `reflect`, `assign`, `generate`, `verify`, or a peer method's own. */
  readonly role: string;
  /** Answers given. */
  readonly total: number;
  /** Answers that could not be used. */
  readonly unusable: number;
  /** Unusable answers by reason (`truncated`, `no-block`, `invalid-json`, …). */
  readonly reasons: Readonly<Record<string, number>>;
}

/** Everything `renderRunReport` draws; plain data, so it can come from a store or a fixture. */
export interface RunReportData {
  /** The page title. */
  readonly title: string;
  /** True when the run used the offline simulated world; the report then says so prominently. */
  readonly simulated: boolean;
  /** When the report data was collected (ISO 8601); the only clock the report shows. */
  readonly generatedAt: string;
  /** Which run this is. */
  readonly run: RunReportRun;
  /** Headline numbers. */
  readonly summary: RunReportSummary;
  /** The candidate pool, in index order. */
  readonly candidates: readonly RunReportCandidate[];
  /** Best validation score so far against evaluations spent; derived from candidates when empty. */
  readonly curve: readonly RunReportCurvePoint[];
  /** Synthesis events in order. */
  readonly synthesisEvents: readonly RunReportSynthesisEvent[];
  /** Every generation attempt of every synthesis event, in event and slot order. */
  readonly synthesisAttempts: readonly RunReportSynthesisAttempt[];
  /** Failure modes of every synthesis epoch, in order (the open epoch last, when it has any). */
  readonly failureModeWindows: readonly RunReportFailureModeWindow[];
  /** The validation instances, in validation order, with every candidate's score. */
  readonly validationInstances: readonly RunReportValidationInstance[];
  /** Every validation evaluation in full (empty for runs recorded before they were kept). */
  readonly evaluations: readonly RunReportEvaluation[];
  /** Every step that reached the reflector, in step order. */
  readonly proposals: readonly RunReportProposal[];
  /** Optimizer roles whose answers mostly broke their output contract. */
  readonly warnings: readonly RunReportWarning[];
  /**
   * Every optimizer role's answers, used and unusable, for any method; absent or empty for runs
   * recorded before answers were kept.
   */
  readonly answers?: readonly RunReportAnswers[];
  /** Models the price table has no price for; their cost is unknown. */
  readonly unpricedModels: readonly string[];
  /** Model usage per role. */
  readonly usage: readonly RunReportUsage[];
  /** The best candidate's prompt per module. */
  readonly bestPrompts: Readonly<Record<string, string>>;
  /** The seed candidate's prompt per module. */
  readonly seedPrompts: Readonly<Record<string, string>>;
  /**
   * For playbook methods (ACE): the playbook's size and helpful/harmful counters after every
   * step, in step order; absent for other runs.
   */
  readonly playbook?: readonly RunReportPlaybookPoint[];
  /** A MIPROv2 run's plan, trials, instruction candidates, demo sets and best demonstrations. */
  readonly mipro?: MiproReportDetails;
}
