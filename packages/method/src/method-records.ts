import type { EvaluatedExecution } from '@forge/program';
import type { CheckpointRecord } from './checkpoint-store.js';

/**
 * The records every method may save with its checkpoints so the run report shows its run as it
 * shows Forge's: each proposal with the optimizer's answer and the prompt it proposed (drawn as a
 * diff against the parent's), and the task executions of each validation pass (output, feedback,
 * trace) for the instance explorer. They travel in `CheckpointStore.save`, so they are saved
 * atomically with the state they describe and a resumed run never records a step twice.
 */

/** Record kind of a proposal (`proposalRecord`). */
export const proposalRecordKind = 'proposal';
/** Record kind of a validation pass's executions (`validationPassRecord`). */
export const validationPassRecordKind = 'validation-pass';

/** What became of a proposal: joined the candidates, was turned down, or proposed nothing usable. */
export type MethodProposalOutcome = 'accepted' | 'rejected' | 'no-op';

/** One proposal of a method: a changed prompt (or playbook, or instruction) and its fate. */
export interface MethodProposal {
  /** The method's step it belongs to. */
  readonly step: number;
  /** The candidate it started from (candidate 0, the seed, for methods that propose from it). */
  readonly parent: number;
  /** Further parents, for a proposal combining several (a GEPA merge). */
  readonly otherParents?: readonly number[];
  /** The module whose prompt changed (`playbook` for ACE's playbook). */
  readonly module: string;
  /** How the method made it, in its words (`reflection`, `merge`, `curation`, `instruction`, …). */
  readonly kind: string;
  /** Accepted, rejected or no-op. */
  readonly outcome: MethodProposalOutcome;
  /** Why nothing usable was proposed, for a no-op. */
  readonly noOpReason?: string;
  /** The training instances it was judged on, in order (empty when none). */
  readonly minibatch: readonly string[];
  /** The parent's scores on them. */
  readonly parentScores: readonly number[];
  /** The proposal's scores on them, when it was evaluated. */
  readonly proposalScores?: readonly number[];
  /** The candidate it became, when accepted. */
  readonly candidate?: number;
  /** The module's text in the parent. */
  readonly parentPrompt?: string;
  /** The module's proposed text. */
  readonly proposedPrompt?: string;
  /** The optimizer's answers that produced it, whole, as the models returned them. */
  readonly answers?: readonly MethodProposalAnswer[];
  /** Further facts, one line each (a playbook operation, a trial's choice and score, …). */
  readonly details?: readonly string[];
}

/** One optimizer answer behind a proposal. */
export interface MethodProposalAnswer {
  /** The role that answered (`reflect`, `curate`, `propose`, …). */
  readonly role: string;
  /** Its whole text. */
  readonly text: string;
}

/** One task execution of a validation pass, as plain JSON. */
export interface MethodExecutionRecord {
  /** The validation instance. */
  readonly instanceId: string;
  /** Its score. */
  readonly score: number;
  /** The program's output. */
  readonly output: Readonly<Record<string, unknown>>;
  /** The metric's feedback. */
  readonly feedback?: string;
  /** Feedback by module. */
  readonly moduleFeedback?: Readonly<Record<string, string>>;
  /** The module invocations (messages after the system prompt, outputs, notes). */
  readonly trace: readonly unknown[];
}

/** A proposal as a checkpoint record. */
export function proposalRecord(proposal: MethodProposal): CheckpointRecord {
  return { kind: proposalRecordKind, step: proposal.step, data: plain(proposal) };
}

/** A candidate's validation pass as a checkpoint record: every execution, in validation order. */
export function validationPassRecord(
  candidate: number,
  step: number | null,
  evaluations: readonly EvaluatedExecution[],
): CheckpointRecord {
  return {
    kind: validationPassRecordKind,
    step,
    data: { candidate, evaluations: evaluations.map(executionRecord) },
  };
}

/** One evaluation as plain JSON (demonstrations recorded in the trace are left out). */
export function executionRecord(evaluated: EvaluatedExecution): MethodExecutionRecord {
  const { evaluation, execution } = evaluated;
  return plain({
    instanceId: evaluated.instance.id,
    score: evaluation.score,
    output: execution.output,
    ...(evaluation.feedback === undefined ? {} : { feedback: evaluation.feedback }),
    ...(evaluation.moduleFeedback === undefined
      ? {}
      : { moduleFeedback: evaluation.moduleFeedback }),
    trace: execution.trace.map(({ demonstration: _demonstration, ...entry }) => entry),
  });
}

function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
