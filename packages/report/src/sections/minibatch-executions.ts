import type { RunReportExecution, RunReportProposal } from '../data/run-report-details.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatScore } from '../primitives/format-value.js';
import { renderFields, renderValueBlock } from './value-block.js';

/** One execution under a label: score, output, feedback and every module invocation's messages. */
export function renderExecution(label: string, execution: RunReportExecution | undefined): string {
  if (execution === undefined) {
    return `<div class="minibatch-side"><h5>${escapeHtml(label)}</h5><p class="muted">No execution recorded (not evaluated, or not kept for this run).</p></div>`;
  }
  const trace = execution.trace
    .map(
      (entry) =>
        `<div class="trace-entry"><h6>module <code>${escapeHtml(entry.module)}</code></h6>` +
        entry.messages.map((message) => renderValueBlock(message.role, message.text)).join('') +
        (entry.notes ?? []).map((note) => renderValueBlock('note', note)).join('') +
        '</div>',
    )
    .join('');
  return (
    `<div class="minibatch-side" data-side="${escapeHtml(label.toLowerCase())}"><h5>${escapeHtml(label)} <span class="muted">score ${formatScore(execution.score)}</span></h5>` +
    (Object.keys(execution.output).length === 0 ? '' : renderFields('output', execution.output)) +
    (execution.feedback === undefined ? '' : renderValueBlock('feedback', execution.feedback)) +
    Object.entries(execution.moduleFeedback ?? {})
      .map(([module, text]) => renderValueBlock(`feedback for ${module}`, text))
      .join('') +
    trace +
    '</div>'
  );
}

/**
 * What the optimizer saw and how the proposal did, instance by instance: the parent's and the
 * proposal's output, feedback and trace on each minibatch instance (for Forge's own steps, the
 * parent's imperfect executions the reflector was shown, from its failure observations). Empty
 * when the run recorded none (runs recorded before peer methods kept them).
 */
export function renderMinibatchExecutions(proposal: RunReportProposal): string {
  const parents = proposal.parentExecutions ?? [];
  const children = proposal.proposalExecutions ?? [];
  if (parents.length === 0 && children.length === 0) return '';
  const rows = proposal.minibatch
    .map((id) => {
      const parent = parents.find((execution) => execution.instanceId === id);
      const child = children.find((execution) => execution.instanceId === id);
      if (parent === undefined && child === undefined) return '';
      return (
        `<details class="minibatch-execution" data-instance="${escapeHtml(id)}"><summary><code>${escapeHtml(id)}</code> ` +
        `<span class="muted">parent ${formatScore(parent?.score)} → proposal ${formatScore(child?.score)}</span></summary>` +
        `<div class="minibatch-sides">${renderExecution('Parent', parent)}${renderExecution('Proposal', child)}</div></details>`
      );
    })
    .join('');
  return `<h5>Minibatch executions</h5><div class="minibatch-executions">${rows}</div>`;
}
