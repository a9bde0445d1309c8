import type { AssignmentOutcome } from '@forge/memory';
import type { MethodRunStartEvent, OptimizerAnswerEvent } from '@forge/method';
import type { ProposalOutcome } from '../state/search-state.js';
import type { ContractWarning } from '../warnings/contract-warnings.js';

/** The run started (or resumed): the start event every method emits. */
export type RunStartEvent = MethodRunStartEvent;

/** A step began: its parent, module and minibatch are decided. */
export interface StepStartEvent {
  readonly type: 'step-start';
  readonly step: number;
  readonly parent: number;
  readonly module: string;
  readonly minibatch: readonly string[];
}

/** One task evaluation finished (emitted as it completes, for progress displays). */
export interface EvaluationEndEvent {
  readonly type: 'evaluation-end';
  /** The step, or null for the seed's validation pass. */
  readonly step: number | null;
  /** What was evaluated: the parent or the proposal on the minibatch, or a validation pass. */
  readonly target: 'parent' | 'proposal' | 'validation';
  readonly instanceId: string;
  readonly score: number;
}

/** The reflector answered. */
export interface ProposalMadeEvent {
  readonly type: 'proposal-made';
  readonly step: number;
  readonly module: string;
  /** `proposal` when a new prompt came back, else `no-op` with the reason. */
  readonly outcome: 'proposal' | 'no-op';
  readonly reason?: string;
  /** For a no-op: the start of the reflector's answer, on one line (for warnings). */
  readonly excerpt?: string;
}

/** The proposal beat its parent on the minibatch and joined the pool. */
export interface CandidateAcceptedEvent {
  readonly type: 'candidate-accepted';
  readonly step: number;
  /** Index the new candidate will have. */
  readonly candidate: number;
  readonly parent: number;
  readonly parentSum: number;
  readonly proposalSum: number;
}

/** The proposal did not strictly beat its parent on the minibatch. */
export interface CandidateRejectedEvent {
  readonly type: 'candidate-rejected';
  readonly step: number;
  readonly parent: number;
  readonly parentSum: number;
  readonly proposalSum: number;
}

/** A candidate's validation pass finished (the seed's included). */
export interface CandidateValidatedEvent {
  readonly type: 'candidate-validated';
  readonly candidate: number;
  readonly parent: number | null;
  /** Its mean validation score. */
  readonly score: number;
  /** True when it is the new best (strictly better than the previous best). */
  readonly improved: boolean;
  readonly evaluationsUsed: number;
}

/** The memory branch filed one observation (A.4). */
export interface MemoryUpdatedEvent {
  readonly type: 'memory-updated';
  readonly step: number;
  readonly observationId: string;
  /** What the assigner's answer did: create, assign, rename, or a no-op with its reason. */
  readonly outcome: AssignmentOutcome;
  /** For a no-op: the start of the assigner's answer, on one line (for warnings). */
  readonly excerpt?: string;
}

/** A synthesis event began. */
export interface SynthesisStartEvent {
  readonly type: 'synthesis-start';
  readonly event: number;
  /** Completed steps when it began. */
  readonly step: number;
  /** Attempts planned (K, or 0 without active modes). */
  readonly attempts: number;
  /** The active modes, their support and their share of the attempts. */
  readonly modes: readonly {
    readonly id: string;
    readonly name: string;
    readonly support: number;
    readonly attempts: number;
  }[];
}

/** One synthesis attempt ended with its outcome. */
export interface AttemptEndEvent {
  readonly type: 'attempt-end';
  readonly event: number;
  readonly slot: number;
  readonly outcome: string;
  readonly reason: string;
  /** The reason as a code (`admitted`, `invalid-json`, `truncated`, `malformed-verdict`, …). */
  readonly reasonCode?: string;
  readonly intent: string;
  readonly modeName?: string;
  /** True when the record came from the journal of an interrupted run (nothing was paid). */
  readonly fromJournal: boolean;
  /**
   * For a failed generation or verification: the start of the answer that broke the contract
   * (the generator's or the verifier's), on one line (for warnings).
   */
  readonly excerpt?: string;
}

/** A synthesis event ended: its accounting (Figure 3a). */
export interface SynthesisEndEvent {
  readonly type: 'synthesis-end';
  readonly event: number;
  readonly attempts: number;
  readonly admitted: number;
  /** Attempts by outcome. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** |D| after the event. */
  readonly trainingSize: number;
}

/** A step finished and its state was saved. */
export interface StepEndEvent {
  readonly type: 'step-end';
  readonly step: number;
  readonly outcome: ProposalOutcome;
  readonly evaluationsUsed: number;
  readonly bestCandidate: number;
  readonly bestScore: number;
  readonly stepsSinceImprovement: number;
  readonly candidates: number;
}

/** The run ended. */
export interface RunEndEvent {
  readonly type: 'run-end';
  /** Why: the stop rule that fired, `completed`, or `error`. */
  readonly reason: string;
  /** The error message, when reason is `error`. */
  readonly error?: string;
  readonly seedScore: number;
  readonly bestScore: number;
  readonly bestCandidate: number;
  readonly evaluationsUsed: number;
  readonly steps: number;
  readonly candidates: number;
}

/**
 * An optimizer role's answers mostly break their contract (raised once per role, when its no-op
 * rate first crosses the threshold). The type is `warning`, the one event name that is not
 * noun-verb: tools filter on it.
 */
export type WarningEvent = ContractWarning;

/** Everything the search reports while it runs; names are noun-verb (and `warning`). */
export type SearchEvent =
  | RunStartEvent
  | StepStartEvent
  | EvaluationEndEvent
  | ProposalMadeEvent
  | CandidateAcceptedEvent
  | CandidateRejectedEvent
  | CandidateValidatedEvent
  | MemoryUpdatedEvent
  | StepEndEvent
  | SynthesisStartEvent
  | AttemptEndEvent
  | SynthesisEndEvent
  | WarningEvent
  | OptimizerAnswerEvent
  | RunEndEvent;
