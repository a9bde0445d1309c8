import type { OptimizerAnswerEvent } from './optimizer-answer-event.js';

/**
 * The progress events every method emits, so one renderer (terminal, `--json`, live report)
 * follows any method. Forge's core emits richer events with the same names and these fields;
 * a method adds its own details as `method-note` events.
 */

/** The method starts (or resumes). */
export interface MethodRunStartEvent {
  readonly type: 'run-start';
  /** True when continuing a saved run. */
  readonly resumed: boolean;
  /** The method's step counter at start. */
  readonly step: number;
  /** Evaluations already spent (resume). */
  readonly evaluationsUsed: number;
  /** The evaluation ceiling of this run. */
  readonly maxEvaluations: number;
  /** Training instances available. */
  readonly trainingSize: number;
  /** Validation instances. */
  readonly validationSize: number;
  /** Module names in order. */
  readonly modules: readonly string[];
}

/** One task evaluation finished (live displays only; not persisted). */
export interface MethodEvaluationEndEvent {
  readonly type: 'evaluation-end';
  /** The step it belongs to; null for the seed's validation pass. */
  readonly step: number | null;
  /** What was evaluated (`parent`, `proposal`, `validation`, `trial`, `bootstrap`, …). */
  readonly target: string;
  /** The instance. */
  readonly instanceId: string;
  /** Its score in [0, 1]. */
  readonly score: number;
}

/** A candidate's full validation score is known. */
export interface MethodCandidateValidatedEvent {
  readonly type: 'candidate-validated';
  /** Candidate index (0 is the seed). */
  readonly candidate: number;
  /** The parent it came from; null for the seed (a merge names its first parent). */
  readonly parent: number | null;
  /** Mean validation score. */
  readonly score: number;
  /** True when it is the new best. */
  readonly improved: boolean;
  /** Evaluations spent so far. */
  readonly evaluationsUsed: number;
}

/** One of the method's steps ended. */
export interface MethodStepEndEvent {
  readonly type: 'step-end';
  /** 0-based step number. */
  readonly step: number;
  /** What the step did, in the method's words (`accepted`, `rejected`, `merged`, …). */
  readonly outcome: string;
  /** Evaluations spent so far. */
  readonly evaluationsUsed: number;
  /** Index of the best candidate so far. */
  readonly bestCandidate: number;
  /** Its mean validation score. */
  readonly bestScore: number;
  /** Candidates so far. */
  readonly candidates: number;
}

/** A method-specific fact worth showing (a merge tried, a playbook curated, a trial scored). */
export interface MethodNoteEvent {
  readonly type: 'method-note';
  /** The method's id. */
  readonly method: string;
  /** What happened, kebab-case (`merge-accepted`, `playbook-curated`, …). */
  readonly kind: string;
  /** One human-readable line. */
  readonly message: string;
  /** The step it belongs to, when any. */
  readonly step?: number;
  /** Structured details (plain JSON). */
  readonly data?: Readonly<Record<string, unknown>>;
}

/** Everything a method may emit. */
export type MethodEvent =
  | OptimizerAnswerEvent
  | MethodRunStartEvent
  | MethodEvaluationEndEvent
  | MethodCandidateValidatedEvent
  | MethodStepEndEvent
  | MethodNoteEvent;
