import { type CheckpointRecord, formatScore, proposalRecord } from '@forge/method';
import { renderPlaybook } from '../playbook/render-playbook.js';
import type { AceState, SampleOutcome } from './ace-state.js';

interface OperationLike {
  readonly type?: unknown;
  readonly section?: unknown;
  readonly content?: unknown;
  readonly module?: unknown;
  readonly bulletId?: unknown;
  readonly sourceIds?: unknown;
  readonly named?: unknown;
  readonly detail?: unknown;
}

/** One curator operation as a line: `ADD [section] (module) :: content`, `DELETE b-3`, … */
function operationLine(operation: OperationLike, index: number): string {
  const content = typeof operation.content === 'string' ? ` :: ${operation.content}` : '';
  switch (operation.type) {
    case 'ADD':
      return `#${index} ADD [${String(operation.section)}]${typeof operation.module === 'string' ? ` (module ${operation.module})` : ''}${content}`;
    case 'UPDATE':
      return `#${index} UPDATE ${String(operation.bulletId)}${content}`;
    case 'MERGE':
      return `#${index} MERGE ${Array.isArray(operation.sourceIds) ? operation.sourceIds.join(' + ') : '?'}${content}`;
    case 'DELETE':
      return `#${index} DELETE ${String(operation.bulletId)}`;
    default:
      return `#${index} unreadable ${typeof operation.named === 'string' ? operation.named : 'operation'}: ${String(operation.detail ?? '')}`;
  }
}

/**
 * The report's proposal record of one ACE step: the playbook before and after it (drawn as a
 * diff), the reflector's and curator's answers, and the curator's operations with what became of
 * each (applied to which bullet, or rejected and why). A changed playbook is `accepted`; a
 * curation that changed nothing or was reverted for the token budget is `rejected`; a step
 * without a readable curation is a `no-op`.
 */
export function aceProposalRecord(
  before: AceState,
  after: AceState,
  outcome: SampleOutcome,
): CheckpointRecord {
  const { curation } = outcome;
  const operations = (outcome.transcript?.operations ?? []) as readonly OperationLike[];
  const effects: string[] = [];
  if (curation.outcome === 'applied') {
    for (const applied of curation.applied) {
      effects.push(
        `applied #${applied.index} ${applied.type} → ${applied.bulletId}${applied.mergedIds === undefined ? '' : ` (merged ${applied.mergedIds.join(', ')})`}`,
      );
    }
    for (const rejected of curation.rejected)
      effects.push(`rejected #${rejected.index} ${rejected.type}: ${rejected.reason}`);
    if (curation.merges.length > 0)
      effects.push(`${curation.merges.length} near-duplicate bullet(s) merged`);
    if (curation.evicted.length > 0)
      effects.push(`evicted for the token budget: ${curation.evicted.join(', ')}`);
    if (curation.reverted) effects.push('reverted: the delta did not fit the token budget');
  }
  const noOpReason =
    curation.outcome === 'skipped'
      ? 'no curation on this sample (curator frequency)'
      : curation.outcome === 'malformed'
        ? curation.reason
        : undefined;
  const changed = curation.outcome === 'applied' && curation.changed;
  const lastCandidate = before.candidates[before.candidates.length - 1];
  return proposalRecord({
    step: before.step,
    parent: lastCandidate?.index ?? 0,
    module: 'playbook',
    kind: 'curation',
    outcome: noOpReason !== undefined ? 'no-op' : changed ? 'accepted' : 'rejected',
    ...(noOpReason === undefined ? {} : { noOpReason }),
    minibatch: [outcome.instanceId],
    parentScores: [outcome.initialScore],
    ...(outcome.postScore === null ? {} : { proposalScores: [outcome.postScore] }),
    parentPrompt: renderPlaybook(before.playbook, { showModules: true }),
    proposedPrompt: renderPlaybook(after.playbook, { showModules: true }),
    answers: outcome.transcript?.answers ?? [],
    details: [
      `sample ${outcome.instanceId}: first answer ${formatScore(outcome.initialScore)}, after ${outcome.rounds} reflection round(s) ${formatScore(outcome.finalScore)}${outcome.postScore === null ? '' : `, after curation ${formatScore(outcome.postScore)}`}`,
      ...operations.map(operationLine),
      ...effects,
    ],
  });
}
