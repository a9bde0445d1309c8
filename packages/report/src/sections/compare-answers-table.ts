import { runLabel } from '../charts/compare-score-chart.js';
import type { RunReportData } from '../data/run-report-data.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatPercent } from '../primitives/format-value.js';
import { reasonList } from './answers-section.js';

/**
 * The compared runs' optimizer answers by role, one row per run and role (total, unusable with its
 * share, reasons), so a method whose optimizer broke its output contract stands out beside the
 * others. A run recorded before answers were kept says so in one row; empty when no run has any.
 */
export function renderCompareAnswersTable(runs: readonly RunReportData[]): string {
  if (runs.every((data) => (data.answers ?? []).length === 0)) return '';
  const rows = runs
    .flatMap((data) => {
      const label = escapeHtml(runLabel(data));
      const answers = data.answers ?? [];
      if (answers.length === 0) {
        return [
          `<tr data-run="${label}" data-answers-role=""><td>${label}</td><td colspan="4"><span class="muted">no answers recorded</span></td></tr>`,
        ];
      }
      return answers.map(
        (role) =>
          `<tr data-run="${label}" data-answers-role="${escapeHtml(role.role)}"><td>${label}</td>` +
          `<td><code>${escapeHtml(role.role)}</code></td>` +
          `<td class="number">${formatCount(role.total)}</td>` +
          `<td class="number">${formatCount(role.unusable)}${role.total > 0 ? ` <span class="muted">(${formatPercent(role.unusable / role.total)})</span>` : ''}</td>` +
          `<td>${reasonList(role.reasons)}</td></tr>`,
      );
    })
    .join('');
  return (
    '<h3 id="optimizer-answers">Optimizer answers</h3>' +
    '<p class="section-note">Every answer of each run\'s optimizer model by role; an unusable answer changed nothing.</p>' +
    '<div class="matrix-scroll"><table class="data-table optimizer-answers compare-answers"><thead><tr><th scope="col">Run</th><th scope="col">role</th><th scope="col" class="number">answers</th><th scope="col" class="number">unusable</th><th scope="col">why unusable</th></tr></thead>' +
    `<tbody>${rows}</tbody></table></div>`
  );
}
