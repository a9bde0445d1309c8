import type { RunReportData } from '../data/run-report-data.js';
import type { RunReportProposal } from '../data/run-report-details.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatScore } from '../primitives/format-value.js';
import { renderPromptDiff } from '../primitives/prompt-diff.js';
import { filterOptions, renderFilterControls } from './filter-controls.js';
import { renderMinibatchExecutions } from './minibatch-executions.js';
import { renderValueBlock } from './value-block.js';

const outcomeLabels: Readonly<Record<string, string>> = {
  accepted: 'accepted',
  rejected: 'rejected',
  'no-op': 'no-op (no usable prompt)',
};

function sum(scores: readonly number[]): number {
  return scores.reduce((total, score) => total + score, 0);
}

const roleTitles: Readonly<Record<string, string>> = {
  reflect: 'Reflector',
  curate: 'Curator',
  propose: 'Proposer',
};

function roleTitle(role: string): string {
  return roleTitles[role] ?? `The ${role} role`;
}

/**
 * What an accepted proposal became: the pool candidate it made (GEPA, Forge), or, for a method
 * whose accepted proposals are not candidates of their own, what acceptance did there — ACE's
 * curation changed the playbook, MIPROv2's instruction joined the pool its trials draw from.
 */
export function acceptedVerdict(proposal: Pick<RunReportProposal, 'candidate' | 'kind'>): string {
  if (proposal.candidate !== undefined) return `accepted as #${proposal.candidate}`;
  switch (proposal.kind) {
    case 'curation':
      return 'accepted: playbook updated';
    case 'instruction':
      return 'accepted into the instruction pool';
    default:
      return 'accepted (no candidate of its own)';
  }
}

function renderProposal(proposal: RunReportProposal): string {
  const parentSum = sum(proposal.parentScores);
  const verdict =
    proposal.outcome === 'accepted'
      ? acceptedVerdict(proposal)
      : proposal.outcome === 'rejected'
        ? 'rejected'
        : `no-op${proposal.noOpReason === undefined ? '' : ` (${proposal.noOpReason})`}`;
  const minibatch =
    proposal.proposalScores === undefined
      ? `parent ${formatScore(parentSum)}`
      : `parent ${formatScore(parentSum)} → proposal ${formatScore(sum(proposal.proposalScores))}`;
  const summary =
    `<summary><span class="proposal-step">Step ${proposal.step}</span>` +
    (proposal.kind === undefined
      ? ''
      : `<span class="proposal-kind">${escapeHtml(proposal.kind)}</span>`) +
    `<span>parent #${[proposal.parent, ...(proposal.otherParents ?? [])].join(' + #')}</span><span><code>${escapeHtml(proposal.module)}</code></span>` +
    `<span class="tag tag-${escapeHtml(proposal.outcome)}">${escapeHtml(verdict)}</span>` +
    (proposal.minibatch.length === 0
      ? ''
      : `<span class="muted">minibatch ${escapeHtml(minibatch)}</span>`) +
    '</summary>';
  const scores =
    '<table class="data-table minibatch-table"><thead><tr><th>Minibatch</th><th class="number">Parent</th><th class="number">Proposal</th></tr></thead><tbody>' +
    proposal.minibatch
      .map(
        (id, position) =>
          `<tr><td><code>${escapeHtml(id)}</code></td><td class="number">${formatScore(proposal.parentScores[position])}</td>` +
          `<td class="number">${formatScore(proposal.proposalScores?.[position])}</td></tr>`,
      )
      .join('') +
    `<tr class="total"><th>Sum</th><td class="number">${formatScore(parentSum)}</td>` +
    `<td class="number">${proposal.proposalScores === undefined ? '—' : formatScore(sum(proposal.proposalScores))}</td></tr></tbody></table>`;
  const diff =
    proposal.proposedPrompt === undefined
      ? '<p class="muted">No prompt was proposed, so the module kept its prompt.</p>'
      : proposal.parentPrompt === undefined
        ? renderValueBlock('Proposed prompt', proposal.proposedPrompt)
        : (() => {
            const rendered = renderPromptDiff(proposal.parentPrompt ?? '', proposal.proposedPrompt);
            return (
              `<h5>Proposed prompt against the parent's <span class="muted">(+${formatCount(rendered.counts.added)} / −${formatCount(rendered.counts.removed)} tokens)</span></h5>` +
              rendered.markup
            );
          })();
  const details =
    proposal.details === undefined
      ? ''
      : `<ul class="proposal-details">${proposal.details.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  const reflection =
    proposal.answers !== undefined
      ? proposal.answers
          .map((answer) => renderValueBlock(`${roleTitle(answer.role)}'s answer`, answer.text))
          .join('')
      : proposal.reflection !== undefined
        ? renderValueBlock("Reflector's answer", proposal.reflection)
        : proposal.kind !== undefined
          ? '<p class="muted">No optimizer answer: the method made this proposal without a model.</p>'
          : '<p class="muted">The reflector\'s answer was not recorded for this run.</p>';
  return (
    `<details class="proposal" id="proposal-${proposal.step}" data-outcome="${escapeHtml(proposal.outcome)}" data-module="${escapeHtml(proposal.module)}" data-step="${proposal.step}">` +
    `${summary}<div class="proposal-body">${proposal.minibatch.length === 0 ? '' : scores}${renderMinibatchExecutions(proposal)}${details}${diff}${reflection}</div></details>`
  );
}

/** Every proposal: parent, module, both minibatch scores, the reflection and the prompt diff. */
export function renderProposalsSection(data: RunReportData): string {
  const { proposals } = data;
  const accepted = proposals.filter((proposal) => proposal.outcome === 'accepted').length;
  const content =
    proposals.length === 0
      ? '<p class="chart-empty">No step reached the reflector yet.</p>'
      : renderFilterControls(
          'proposal-list',
          [
            {
              key: 'outcome',
              label: 'Outcome',
              options: filterOptions(
                proposals.map((proposal) => proposal.outcome),
                (outcome) => outcomeLabels[outcome] ?? outcome,
              ),
            },
            {
              key: 'module',
              label: 'Module',
              options: filterOptions(proposals.map((proposal) => proposal.module)),
            },
          ],
          proposals.length,
          'proposals',
        ) +
        `<div class="proposal-list" id="proposal-list">${proposals.map(renderProposal).join('')}</div>`;
  return (
    '<section id="proposals" aria-labelledby="proposals-heading"><h2 id="proposals-heading">Proposals</h2>' +
    `<p class="section-note">Every step that reached the reflector: ${formatCount(proposals.length)} proposals, ` +
    `${formatCount(accepted)} accepted. A proposal is accepted when its minibatch sum strictly beats its parent's ` +
    "on the same minibatch. Open one for its scores, the prompt it proposed (against the parent's) and the reflector's answer.</p>" +
    `${content}</section>`
  );
}
