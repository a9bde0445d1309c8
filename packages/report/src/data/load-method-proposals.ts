import type { MethodProposal } from '@forge/method';
import { type RunDatabase, readCheckpointRecords } from '@forge/store';
import { clipText, parseJson } from './clip-text.js';
import { loadEvaluations } from './load-evaluations.js';
import { loadMethodMinibatches, minibatchExecutions } from './load-method-minibatches.js';
import type {
  RunReportEvaluation,
  RunReportProposal,
  RunReportProposalOutcome,
} from './run-report-details.js';

/** A saved `MethodProposal` before its fields are checked: hostile or older data reads as unknown. */
type ProposalData = { readonly [Field in keyof MethodProposal]?: unknown };

const outcomes: readonly string[] = ['accepted', 'rejected', 'no-op'];

/**
 * The proposals a method other than Forge's variants saved as `proposal` checkpoint records
 * (`@forge/method`'s `proposalRecord`), in the order they were saved. Fields it cannot read are
 * left out, so a method that records less still draws. Each carries the task executions of its
 * minibatch when the method saved them (`minibatch` records, `loadMethodMinibatches`).
 */
export function loadMethodProposals(database: RunDatabase): RunReportProposal[] {
  const rows = readCheckpointRecords(database, ['proposal']);
  const minibatches = loadMethodMinibatches(database);
  let evaluations: RunReportEvaluation[] | undefined;
  const validation = () => {
    evaluations ??= loadEvaluations(database);
    return evaluations;
  };
  return rows.map((row) => {
    const data = parseJson<ProposalData>(row.dataJson, {});
    const outcome = (
      typeof data.outcome === 'string' && outcomes.includes(data.outcome) ? data.outcome : 'no-op'
    ) as RunReportProposalOutcome;
    const proposalScores = numbers(data.proposalScores);
    const otherParents = numbers(data.otherParents);
    const answers = Array.isArray(data.answers)
      ? data.answers.flatMap((answer: { role?: unknown; text?: unknown }) =>
          typeof answer?.text === 'string'
            ? [
                {
                  role: typeof answer.role === 'string' ? answer.role : '?',
                  text: clipText(answer.text),
                },
              ]
            : [],
        )
      : [];
    const details = Array.isArray(data.details)
      ? data.details.filter((line): line is string => typeof line === 'string')
      : [];
    const step = numberOf(data.step) ?? row.step ?? 0;
    const parent = numberOf(data.parent) ?? 0;
    const minibatch = Array.isArray(data.minibatch)
      ? data.minibatch.filter((id): id is string => typeof id === 'string')
      : [];
    const parentScores = numbers(data.parentScores) ?? [];
    return {
      step,
      parent,
      module: typeof data.module === 'string' ? data.module : '?',
      outcome,
      ...(typeof data.noOpReason === 'string' ? { noOpReason: data.noOpReason } : {}),
      minibatch,
      parentScores,
      ...(proposalScores === undefined ? {} : { proposalScores }),
      ...(numberOf(data.candidate) === undefined
        ? {}
        : { candidate: numberOf(data.candidate) as number }),
      ...(typeof data.parentPrompt === 'string' ? { parentPrompt: data.parentPrompt } : {}),
      ...(typeof data.proposedPrompt === 'string' ? { proposedPrompt: data.proposedPrompt } : {}),
      ...(answers.length === 0 ? {} : { answers }),
      ...(details.length === 0 ? {} : { details }),
      ...(otherParents === undefined || otherParents.length === 0 ? {} : { otherParents }),
      ...(typeof data.kind === 'string' ? { kind: data.kind } : {}),
      ...minibatchExecutions(
        { parent, minibatch, parentScores },
        minibatches.get(step),
        validation,
      ),
    };
  });
}

function numbers(value: unknown): number[] | undefined {
  return Array.isArray(value)
    ? value.filter((item): item is number => typeof item === 'number' && Number.isFinite(item))
    : undefined;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
