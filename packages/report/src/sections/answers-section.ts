import type { RunReportData } from '../data/run-report-data.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatPercent } from '../primitives/format-value.js';

/** One role's unusable answers by reason, most frequent first (`none` when all were usable). */
export function reasonList(reasons: Readonly<Record<string, number>>): string {
  const entries = Object.entries(reasons).sort(
    ([leftReason, left], [rightReason, right]) =>
      right - left || leftReason.localeCompare(rightReason),
  );
  if (entries.length === 0) return '<span class="muted">none</span>';
  return entries
    .map(([reason, count]) => `<code>${escapeHtml(reason)}</code> ${formatCount(count)}`)
    .join(', ');
}

/**
 * The optimizer's answers by role, for any method (Forge's roles and the peers' own): how many it
 * gave, how many could not be used and why. Empty for runs recorded before answers were kept.
 */
export function renderAnswersTable(data: RunReportData): string {
  const answers = data.answers ?? [];
  if (answers.length === 0) return '';
  const rows = answers
    .map(
      (role) =>
        `<tr data-answers-role="${escapeHtml(role.role)}"><td><code>${escapeHtml(role.role)}</code></td>` +
        `<td>${formatCount(role.total)}</td>` +
        `<td>${formatCount(role.unusable)}${role.total > 0 ? ` <span class="muted">(${formatPercent(role.unusable / role.total)})</span>` : ''}</td>` +
        `<td>${reasonList(role.reasons)}</td></tr>`,
    )
    .join('');
  return (
    '<h3 id="optimizer-answers">Optimizer answers</h3>' +
    '<p class="section-note">Every answer of the optimizer model by role; an unusable answer changed nothing.</p>' +
    '<table class="data-table optimizer-answers"><thead><tr><th>role</th><th>answers</th><th>unusable</th><th>why unusable</th></tr></thead>' +
    `<tbody>${rows}</tbody></table>`
  );
}
