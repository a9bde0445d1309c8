import type { ContractWarning } from '@forge/core';
import type { MethodProposal, MethodProposalOutcome } from '@forge/method';
import type { Verdict } from '@forge/verify';

/** One message of a module invocation, flattened for display. */
export interface RunReportMessage {
  /** `user`, `assistant` or `tool`. */
  readonly role: string;
  /** Its text; tool calls follow as `→ name(arguments)` lines. Long texts are cut, saying so. */
  readonly text: string;
}

/** One module invocation of an evaluation, in execution order. */
export interface RunReportTraceEntry {
  /** The module invoked (a module may appear several times). */
  readonly module: string;
  /** The messages after the system prompt, oldest first. */
  readonly messages: readonly RunReportMessage[];
  /** What the invocation produced, as the program parsed it. */
  readonly output?: Readonly<Record<string, unknown>>;
  /** Retrieval results or other non-LM steps the program recorded. */
  readonly notes?: readonly string[];
}

/** One validation instance and every candidate's score on it. */
export interface RunReportValidationInstance {
  /** The instance id. */
  readonly id: string;
  /** Its input fields. */
  readonly input: Readonly<Record<string, unknown>>;
  /** Its gold output fields. */
  readonly gold: Readonly<Record<string, unknown>>;
  /** Score of candidate `i` at position `i`; null where that candidate has no score for it. */
  readonly scores: readonly (number | null)[];
}

/** One candidate's evaluation of one validation instance, as the program ran it. */
export interface RunReportEvaluation {
  /** The candidate. */
  readonly candidate: number;
  /** The validation instance. */
  readonly instanceId: string;
  /** The program's prediction. */
  readonly output: Readonly<Record<string, unknown>>;
  /** The metric's feedback, when it gave one. */
  readonly feedback?: string;
  /** Feedback addressed to single modules, by module name. */
  readonly moduleFeedback?: Readonly<Record<string, string>>;
  /** The module invocations, in execution order. */
  readonly trace: readonly RunReportTraceEntry[];
}

/** What happened to a step's proposal. */
export type RunReportProposalOutcome = MethodProposalOutcome;

/**
 * One step that reached the reflector, and what became of its proposal: a method's
 * `MethodProposal` record as `@forge/method` defines it field by field, where Forge's own steps
 * (read from the `steps` table) carry the reflector's whole answer in `reflection` and no `kind`.
 */
export interface RunReportProposal extends Omit<MethodProposal, 'kind'> {
  /** How a method other than Forge made it (`reflection`, `merge`, `curation`, `instruction`, …). */
  readonly kind?: string;
  /** The reflector's whole answer (absent for runs recorded before reflections were kept). */
  readonly reflection?: string;
  /**
   * The parent's task executions on the minibatch, in minibatch order (a peer method's `minibatch`
   * record, or for a GEPA merge the first parent's validation pass); absent when not recorded.
   */
  readonly parentExecutions?: readonly RunReportExecution[];
  /** The proposal's task executions on the same instances, when it was evaluated and recorded. */
  readonly proposalExecutions?: readonly RunReportExecution[];
}

/** One task execution of a minibatch: a validation evaluation's fields with its score. */
export interface RunReportExecution extends Omit<RunReportEvaluation, 'candidate'> {
  /** The metric's score. */
  readonly score: number;
}

/** The verifier's answer to one synthesis attempt, as `@forge/verify` parsed it. */
export type RunReportVerdict = Verdict;

/** The failed evaluation a synthesis attempt started from. */
export interface RunReportSourceObservation {
  /** The observation id (`o-<step>-<position>`). */
  readonly id: string;
  /** The training instance that failed. */
  readonly instanceId: string;
  /** Its score. */
  readonly score: number;
  /** The metric's feedback on it. */
  readonly feedback?: string;
  /** The instance's input fields, when the run recorded them. */
  readonly input?: Readonly<Record<string, unknown>>;
}

/** One generation attempt of a synthesis event and its fate. */
export interface RunReportSynthesisAttempt {
  /** The synthesis event (from 0, as everywhere). */
  readonly event: number;
  /** The slot within the event. */
  readonly slot: number;
  /** The targeted failure mode (absent for random synthesis). */
  readonly modeName?: string;
  /** Its description at the time of the event. */
  readonly modeDescription?: string;
  /** The mutation intent: positive, negative, boundary, stress or generic. */
  readonly intent: string;
  /** The final outcome: admitted, generation-failed, verification-failed, rejected-*, duplicate, leaked. */
  readonly outcome: string;
  /** Why, in words. */
  readonly reason: string;
  /** The failed evaluation the seed was drawn from, when the attempt had one. */
  readonly source?: RunReportSourceObservation;
  /** The instance the seed started from (a training id). */
  readonly sourceInstanceId: string;
  /** The generated instance, whenever generation produced one. */
  readonly instance?: {
    /** Its id (`syn-<event>-<slot>`). */
    readonly id: string;
    /** Input fields. */
    readonly input: Readonly<Record<string, unknown>>;
    /** Gold output fields. */
    readonly gold: Readonly<Record<string, unknown>>;
  };
  /** The verifier's answer, when it ran. */
  readonly verdict?: RunReportVerdict;
  /** The generator's final answer (cut when long), for attempts whose generation failed. */
  readonly generatorText?: string;
}

/** An optimizer role whose answers mostly broke their contract (same shape as the run's `warning` events). */
export type RunReportWarning = ContractWarning;
