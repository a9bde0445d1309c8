import {
  type RunDatabase,
  readRunCandidates,
  readRunObservations,
  readRunReflections,
  readRunSteps,
} from '@forge/store';
import { clipText, parseJson } from './clip-text.js';
import { flattenTrace } from './load-evaluations.js';
import { loadMethodProposals } from './load-method-proposals.js';
import type {
  RunReportExecution,
  RunReportProposal,
  RunReportProposalOutcome,
} from './run-report-details.js';

/**
 * Every step that reached the reflector, with the parent's prompt and the proposed one. Steps
 * whose parent was perfect on the minibatch made no proposal and are left out. For a method
 * other than Forge's variants, the proposals it recorded (`loadMethodProposals`).
 */
export function loadProposals(database: RunDatabase): RunReportProposal[] {
  const prompts = new Map(
    readRunCandidates(database).map((row) => [
      row.candidate,
      parseJson<Record<string, string>>(row.promptsJson, {}),
    ]),
  );
  const rows = readRunSteps(database).filter((row) => row.outcome !== 'perfect');
  // Methods other than Forge's variants keep no steps table: their proposals are records.
  if (rows.length === 0) return loadMethodProposals(database);
  const observed = loadObservedExecutions(database);
  const reflections = new Map(readRunReflections(database).map((row) => [row.step, row]));
  return rows.map((row) => {
    const reflection = reflections.get(row.step);
    const parentExecutions = observed.get(row.step);
    const parentPrompt = prompts.get(row.parent)?.[row.module];
    // Runs recorded before reflections were kept still know the accepted prompts.
    const proposedPrompt =
      reflection?.prompt ??
      (row.candidate === null ? undefined : prompts.get(row.candidate)?.[row.module]);
    const proposalScores = parseJson<number[] | null>(row.proposalScoresJson, null);
    return {
      step: row.step,
      parent: row.parent,
      module: row.module,
      outcome: row.outcome as RunReportProposalOutcome,
      ...(row.noOpReason === null ? {} : { noOpReason: row.noOpReason }),
      minibatch: parseJson<string[]>(row.minibatchJson, []),
      parentScores: parseJson<number[]>(row.parentScoresJson, []),
      ...(proposalScores === null ? {} : { proposalScores }),
      ...(row.candidate === null ? {} : { candidate: row.candidate }),
      ...(parentPrompt === undefined ? {} : { parentPrompt }),
      ...(proposedPrompt === undefined ? {} : { proposedPrompt }),
      ...(reflection === undefined ? {} : { reflection: reflection.responseText }),
      ...(parentExecutions === undefined ? {} : { parentExecutions }),
    };
  });
}

/**
 * Forge's failure observations by step: the parent's imperfect executions on the minibatch, the
 * ones the reflector was shown (score, feedback, trace; Forge keeps no separate output for them).
 */
function loadObservedExecutions(database: RunDatabase): Map<number, RunReportExecution[]> {
  const byStep = new Map<number, RunReportExecution[]>();
  for (const row of readRunObservations(database)) {
    const list = byStep.get(row.step) ?? [];
    list.push({
      instanceId: row.instanceId,
      score: row.score,
      output: {},
      ...(row.feedback === null ? {} : { feedback: clipText(row.feedback) }),
      trace: flattenTrace(parseJson(row.traceJson, [])),
    });
    byStep.set(row.step, list);
  }
  return byStep;
}
