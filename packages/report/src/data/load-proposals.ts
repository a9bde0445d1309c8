import type { RunDatabase } from '@forge/store';
import { clipText, parseJson } from './clip-text.js';
import { flattenTrace } from './load-evaluations.js';
import { loadMethodProposals } from './load-method-proposals.js';
import type {
  RunReportExecution,
  RunReportProposal,
  RunReportProposalOutcome,
} from './run-report-details.js';

interface StepRow {
  step: number;
  parent: number;
  module: string;
  outcome: string;
  no_op_reason: string | null;
  minibatch: string;
  parent_scores: string;
  proposal_scores: string | null;
  candidate: number | null;
  response_text: string | null;
  prompt: string | null;
}

/**
 * Every step that reached the reflector, with the parent's prompt and the proposed one. Steps
 * whose parent was perfect on the minibatch made no proposal and are left out. For a method
 * other than Forge's variants, the proposals it recorded (`loadMethodProposals`).
 */
export function loadProposals(database: RunDatabase): RunReportProposal[] {
  const prompts = new Map(
    (
      database.prepare('SELECT candidate, prompts FROM candidates').all() as {
        candidate: number;
        prompts: string;
      }[]
    ).map((row) => [row.candidate, parseJson<Record<string, string>>(row.prompts, {})]),
  );
  const rows = database
    .prepare(
      `SELECT s.step, s.parent, s.module, s.outcome, s.no_op_reason, s.minibatch, s.parent_scores,
         s.proposal_scores, s.candidate, r.response_text, r.prompt
       FROM steps s LEFT JOIN reflections r USING (step)
       WHERE s.outcome != 'perfect' ORDER BY s.step`,
    )
    .all() as StepRow[];
  // Methods other than Forge's variants keep no steps table: their proposals are records.
  if (rows.length === 0) return loadMethodProposals(database);
  const observed = loadObservedExecutions(database);
  return rows.map((row) => {
    const parentExecutions = observed.get(row.step);
    const parentPrompt = prompts.get(row.parent)?.[row.module];
    // Runs recorded before reflections were kept still know the accepted prompts.
    const proposedPrompt =
      row.prompt ?? (row.candidate === null ? undefined : prompts.get(row.candidate)?.[row.module]);
    const proposalScores = parseJson<number[] | null>(row.proposal_scores, null);
    return {
      step: row.step,
      parent: row.parent,
      module: row.module,
      outcome: row.outcome as RunReportProposalOutcome,
      ...(row.no_op_reason === null ? {} : { noOpReason: row.no_op_reason }),
      minibatch: parseJson<string[]>(row.minibatch, []),
      parentScores: parseJson<number[]>(row.parent_scores, []),
      ...(proposalScores === null ? {} : { proposalScores }),
      ...(row.candidate === null ? {} : { candidate: row.candidate }),
      ...(parentPrompt === undefined ? {} : { parentPrompt }),
      ...(proposedPrompt === undefined ? {} : { proposedPrompt }),
      ...(row.response_text === null ? {} : { reflection: row.response_text }),
      ...(parentExecutions === undefined ? {} : { parentExecutions }),
    };
  });
}

/**
 * Forge's failure observations by step: the parent's imperfect executions on the minibatch, the
 * ones the reflector was shown (score, feedback, trace; Forge keeps no separate output for them).
 */
function loadObservedExecutions(database: RunDatabase): Map<number, RunReportExecution[]> {
  const rows = database
    .prepare(
      'SELECT step, instance_id, score, feedback, trace FROM observations ORDER BY step, rowid',
    )
    .all() as {
    step: number;
    instance_id: string;
    score: number;
    feedback: string | null;
    trace: string;
  }[];
  const byStep = new Map<number, RunReportExecution[]>();
  for (const row of rows) {
    const list = byStep.get(row.step) ?? [];
    list.push({
      instanceId: row.instance_id,
      score: row.score,
      output: {},
      ...(row.feedback === null ? {} : { feedback: clipText(row.feedback) }),
      trace: flattenTrace(parseJson(row.trace, [])),
    });
    byStep.set(row.step, list);
  }
  return byStep;
}
