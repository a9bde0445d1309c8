import {
  benchmarkLabel,
  cellStatusText,
  describeCellStop,
  formatPValue,
  formatTableValue,
  isSeedSpread,
  isSignificant,
  methodLabel,
  type SeedSpread,
  type SuiteLabels,
  type SuiteTable,
  significanceMarker,
} from '@forge/suite';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatDuration, formatUsd } from '../primitives/format-value.js';
import type { SuiteCellWallTime } from './suite-cell-details.js';
import type { SuiteReportData } from './suite-report-data.js';

/**
 * One suite table as an HTML table, its notes above it, the row best in bold; an entry with
 * statistics shows its 95% interval and its paired test's p-value under the mean, and the
 * significance marker when p < 0.05.
 */
export function renderSuiteTable(table: SuiteTable, labels: SuiteLabels = {}): string {
  const numeric = (index: number) => table.columns[index]?.format !== 'text';
  const head = table.columns
    .map(
      (column, index) =>
        `<th scope="col"${numeric(index) ? ' class="number"' : ''}>${escapeHtml(column.header)}</th>`,
    )
    .join('');
  const rows = table.rows
    .map(
      (row) =>
        `<tr>${table.columns
          .map((column, index) => {
            const value = row.values[index] ?? null;
            const text = entryText(formatTableValue(value, column.format));
            const cell =
              row.emphasis?.includes(index) && text !== '–' ? `<strong>${text}</strong>` : text;
            const statistics = isSeedSpread(value) ? entryStatistics(value, labels) : '';
            return `<td${numeric(index) ? ' class="number"' : ''}>${cell}${statistics}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('');
  return [
    `<div class="suite-table" data-table="${escapeHtml(table.id)}">`,
    `<h3>${escapeHtml(table.title)}</h3>`,
    ...table.notes.map((note) => `<p class="section-note">${escapeHtml(note)}</p>`),
    `<div class="matrix-scroll"><table class="data-table"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`,
    '</div>',
  ].join('');
}

/**
 * An entry's text, escaped; `mean ± sd` may break before the `±` (a narrow page keeps every
 * column of a nine-method table in view), never inside either number.
 */
function entryText(text: string): string {
  const at = text.indexOf(' ± ');
  if (at === -1) return escapeHtml(text);
  return `<span class="entry-mean">${escapeHtml(text.slice(0, at))}</span> <span class="entry-sd">${escapeHtml(text.slice(at + 1))}</span>`;
}

/** An entry's marker, interval and p-value, each only when it has them. */
function entryStatistics(spread: SeedSpread, labels: SuiteLabels): string {
  const { interval, comparison } = spread;
  if (interval === undefined && comparison === undefined) return '';
  const marker = isSignificant(spread)
    ? `<sup class="significance">${escapeHtml(significanceMarker)}</sup>`
    : '';
  const lines: string[] = [];
  const titles: string[] = [];
  if (interval !== undefined) {
    lines.push(escapeHtml(`[${interval.low.toFixed(2)}, ${interval.high.toFixed(2)}]`));
    titles.push(
      `${Math.round(interval.level * 100)}% confidence interval ${interval.low.toFixed(2)} to ${interval.high.toFixed(2)}: percentile bootstrap (${interval.draws} draws) over ${interval.seeds} seed(s) and ${interval.instances} test instances`,
    );
  }
  if (comparison !== undefined) {
    const against = `${methodLabel(labels, comparison.against)}${comparison.againstArm === undefined ? '' : ` (${comparison.againstArm} training data)`}`;
    lines.push(
      `<span class="entry-p">${escapeHtml(`p = ${formatPValue(comparison.pValue)}`)}</span>`,
    );
    titles.push(
      `paired sign-flip permutation test against ${against}: two-sided p = ${formatPValue(comparison.pValue)} over ${comparison.pairs} (seed, test instance) pairs (${comparison.method === 'exact' ? 'exact' : `${comparison.draws ?? 0} random sign assignments`})`,
    );
  }
  return `${marker}<span class="entry-statistics" title="${escapeHtml(titles.join('; '))}">${lines.join('<br>')}</span>`;
}

/**
 * Every cell of the suite with its status, scores, evaluations against the ceiling, cost, tokens,
 * wall time (how long its run ran, read from its run database when the report is drawn; the
 * pauses between a stop and its resume are left out) and a link to its own report.
 */
export function renderSuiteCellsSection(data: SuiteReportData): string {
  const percent = (value: number | null) => (value === null ? '—' : (value * 100).toFixed(2));
  const rows = data.results.cells
    .map((cell) => {
      const link = data.cellLinks[cell.id];
      const name =
        link === undefined
          ? escapeHtml(cell.id)
          : `<a href="${escapeHtml(link)}">${escapeHtml(cell.id)}</a>`;
      const evaluations =
        cell.evaluationsUsed === null
          ? '—'
          : `${formatCount(cell.evaluationsUsed)}${cell.ceiling === null ? '' : ` / ${formatCount(cell.ceiling)}`}`;
      return [
        `<tr data-status="${escapeHtml(cell.status)}" data-cell="${escapeHtml(cell.id)}">`,
        `<td>${name}</td>`,
        `<td>${escapeHtml(benchmarkLabel(data.labels, cell.benchmark))}</td>`,
        `<td>${escapeHtml(methodLabel(data.labels, cell.method))}${cell.arm === 'augmented' ? ' (augmented)' : ''}</td>`,
        `<td>${escapeHtml(cell.taskModel)}</td>`,
        `<td class="number">${cell.seed}</td>`,
        `<td><span class="status status-${cell.status === 'done' ? 'completed' : cell.status === 'failed' ? 'failed' : 'stopped'}">${escapeHtml(cellStatusText(cell))}</span>${cell.status === 'stopped' && cell.stop !== undefined ? ` <span class="cell-note">${escapeHtml(describeCellStop(cell.stop))}: a truncated run.</span>` : ''}${cell.error === undefined ? '' : ` <span class="muted">${escapeHtml(cell.error)}</span>`}${(cell.stoppedDependencies ?? []).length > 0 && cell.status !== 'pending' ? ` <span class="cell-note">Ran on the ceiling of ${escapeHtml((cell.stoppedDependencies ?? []).join(', '))}, which a cap stopped short (allowTruncatedCeilings).</span>` : ''}${(cell.notes ?? []).map((note) => ` <span class="cell-note">${escapeHtml(note)}</span>`).join('')}</td>`,
        `<td class="number">${percent(cell.bestValidation)}</td>`,
        `<td class="number">${percent(cell.bestTest)}</td>`,
        `<td class="number">${evaluations}${cell.exceededCeiling ? ' <strong class="exceeded">exceeded</strong>' : ''}</td>`,
        `<td class="number">${cell.costUsd === null ? '—' : formatUsd(cell.costUsd)}</td>`,
        `<td class="number">${cell.tokens === undefined ? '—' : `${formatCount(cell.tokens.input)} / ${formatCount(cell.tokens.output)}`}</td>`,
        wallTimeCell(data.cellDetails?.[cell.id]?.wallTime),
        '</tr>',
      ].join('');
    })
    .join('');
  return [
    '<div class="matrix-scroll"><table class="data-table suite-cells"><thead><tr>',
    '<th scope="col">Cell</th><th scope="col">Benchmark</th><th scope="col">Method</th><th scope="col">Task model</th>',
    '<th scope="col" class="number">Seed</th><th scope="col">Status</th><th scope="col" class="number">Best val (%)</th>',
    '<th scope="col" class="number">Best test (%)</th><th scope="col" class="number">Evaluations / ceiling</th><th scope="col" class="number">Cost</th><th scope="col" class="number">Tokens in / out</th><th scope="col" class="number">Wall time</th>',
    `</tr></thead><tbody>${rows}</tbody></table></div>`,
  ].join('');
}

function wallTimeCell(wallTime: SuiteCellWallTime | undefined): string {
  if (wallTime === undefined) return '<td class="number">—</td>';
  const resumed =
    wallTime.invocations !== undefined && wallTime.invocations > 1
      ? `; ${wallTime.invocations} invocations, the pauses between them left out`
      : '';
  return `<td class="number" title="${escapeHtml(`${wallTime.startedAt} to ${wallTime.endedAt}${resumed}`)}">${formatDuration(wallTime.milliseconds)}</td>`;
}
