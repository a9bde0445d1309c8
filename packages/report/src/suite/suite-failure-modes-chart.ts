import { benchmarkLabel, methodLabel, type SeedSpread, stoppedMark } from '@forge/suite';
import { pointRadius } from '../charts/failure-mode-shares.js';
import { type PlotArea, renderLeftAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { renderChartLegend } from '../primitives/chart-legend.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatPercent, formatQuantity } from '../primitives/format-value.js';
import { createLogScale, type LogScale, shareDomain } from '../primitives/log-scale.js';
import { methodColor } from '../primitives/method-color.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import {
  type SuiteFailureModeGroup,
  type SuiteFailureModeWindowSummary,
  suiteFailureModeGroups,
} from './suite-failure-mode-shares.js';
import { methodLegendItem } from './suite-method-legend.js';
import type { SuiteReportData } from './suite-report-data.js';

// One panel per benchmark and method: panel (b) and panel (c) side by side on a log scale shared
// by every panel, so the redistribution reads within a panel and the panels compare.
const panelWidth = 440;
const panelHeight = 250;
const area: PlotArea = { left: 70, top: 26, right: 428, bottom: 236 };
const maxRadius = 13;

const windows = [
  { key: 'first', letter: 'b', title: '(b) before first event', short: 'first' },
  { key: 'final', letter: 'c', title: '(c) before final event', short: 'final' },
] as const;

/** `11:1`, `4.3:1`: a max:min ratio, whole from 10 on. */
export function formatRatio(ratio: number): string {
  return `${ratio >= 10 ? Math.round(ratio) : ratio.toFixed(1)}:1`;
}

/** A spread as `mean ± sd` (`mean` alone for one seed), `—` when no seed has a value. */
function formatSeedSpread(
  spread: SeedSpread | null,
  format: (value: number) => string,
  formatSd: (value: number) => string,
): string {
  if (spread === null) return '—';
  return `${format(spread.mean)}${spread.sd === null ? '' : ` ± ${formatSd(spread.sd)}`}`;
}

function modeCountText(window: SuiteFailureModeWindowSummary): string {
  return formatSeedSpread(
    window.modeCount,
    (value) => value.toFixed(1),
    (value) => value.toFixed(1),
  );
}

function ratioText(window: SuiteFailureModeWindowSummary): string {
  return formatSeedSpread(window.shareRatio, formatRatio, (value) => value.toFixed(1));
}

function perSeedTitle(window: SuiteFailureModeWindowSummary): string {
  return window.cells
    .map(
      (cell) =>
        `seed ${cell.seed}: ${formatQuantity(cell.modes, 'mode')}, ${formatQuantity(cell.failures, 'failure')}, largest ${cell.largest} : smallest ${cell.smallest} = ${formatRatio(cell.ratio)} (event ${cell.event})`,
    )
    .join('; ');
}

function groupLabel(data: SuiteReportData, group: SuiteFailureModeGroup): string {
  const stopped = group.stoppedSeeds.length > 0 ? ` ${stoppedMark}` : '';
  return `${benchmarkLabel(data.labels, group.benchmark)} — ${methodLabel(data.labels, group.method)}${stopped}`;
}

/** The per-window numbers of one panel, as a small table: modes per seed, max:min ratio, n. */
function renderPanelStatistics(group: SuiteFailureModeGroup): string {
  const cell = (window: SuiteFailureModeWindowSummary, text: string) =>
    `<td class="number" title="${escapeHtml(perSeedTitle(window))}">${escapeHtml(text)}</td>`;
  return (
    '<table class="data-table mode-statistics"><thead><tr><th scope="col">Per seed</th>' +
    windows
      .map((window) => `<th scope="col" class="number">(${window.letter}) ${window.short}</th>`)
      .join('') +
    '</tr></thead><tbody>' +
    `<tr data-statistic="modes"><th scope="row">Modes</th>${windows.map((window) => cell(group[window.key], modeCountText(group[window.key]))).join('')}</tr>` +
    `<tr data-statistic="ratio"><th scope="row">Max:min share</th>${windows.map((window) => cell(group[window.key], ratioText(group[window.key]))).join('')}</tr>` +
    `<tr data-statistic="n"><th scope="row">Seeds (n)</th>${windows.map((window) => cell(group[window.key], String(group[window.key].cells.length))).join('')}</tr>` +
    '</tbody></table>'
  );
}

/**
 * Each mode of a panel numbered once for both windows: the modes before the first event by
 * mean share, then those found only before the final one.
 */
function modeNumbers(group: SuiteFailureModeGroup): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const mode of [...group.first.modes, ...group.final.modes]) {
    if (!numbers.has(mode.name)) numbers.set(mode.name, numbers.size + 1);
  }
  return numbers;
}

/**
 * The panel's key: every mode's number, its full name (wrapping, never cut) and its mean share
 * in each window, so no label has to fit beside its point.
 */
function renderModeKey(group: SuiteFailureModeGroup, numbers: ReadonlyMap<string, number>) {
  const share = (window: SuiteFailureModeWindowSummary, name: string) => {
    const mode = window.modes.find((candidate) => candidate.name === name);
    return mode === undefined ? '—' : formatPercent(mode.meanShare);
  };
  const rows = [...numbers].map(
    ([name, number]) =>
      `<tr data-mode="${escapeHtml(name)}"><td class="number">${number}</td><td class="mode-name">${escapeHtml(name)}</td>` +
      windows
        .map((window) => `<td class="number">${share(group[window.key], name)}</td>`)
        .join('') +
      '</tr>',
  );
  return (
    '<table class="data-table mode-key"><thead><tr><th scope="col" class="number">#</th><th scope="col">Failure mode</th>' +
    windows
      .map((window) => `<th scope="col" class="number">(${window.letter}) mean share</th>`)
      .join('') +
    `</tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

function renderPanel(
  data: SuiteReportData,
  group: SuiteFailureModeGroup,
  y: LogScale,
  maxFailures: number,
  index: number,
): string {
  const label = groupLabel(data, group);
  const color = methodColor(group.method);
  const columnWidth = (area.right - area.left) / windows.length;
  const positions = new Map<string, { x: number; y: number }>();
  const numbers = modeNumbers(group);
  const columns = windows.map((window, column) => {
    const summary = group[window.key];
    const start = area.left + column * columnWidth;
    const slot = (columnWidth * 0.8) / Math.max(1, summary.modes.length);
    const points = summary.modes.map((mode, rank) => {
      const point = {
        x: start + columnWidth * 0.1 + slot * (rank + 0.5),
        y: y.map(mode.meanShare),
      };
      positions.set(`${window.key}\u0000${mode.name}`, point);
      const radius = pointRadius(mode.meanFailures, maxFailures, maxRadius);
      const number = numbers.get(mode.name) ?? 0;
      return svgElement('g', { class: 'suite-failure-mode', 'data-mode': mode.name }, [
        svgTitle(
          `${label} (${window.letter}) — ${mode.name}: mean share ${formatPercent(mode.meanShare)} over ${summary.cells.length} seed(s) ` +
            `(${mode.perSeed.map((seed) => `seed ${seed.seed}: ${formatPercent(seed.share)}, ${formatQuantity(seed.failures, 'failure')}`).join('; ')})` +
            `${mode.description === '' ? '' : `\n${mode.description}`}`,
        ),
        svgElement('circle', {
          class: 'mode-point',
          cx: point.x,
          cy: point.y,
          r: radius,
          fill: color,
        }),
        // The mode's number in the key under the panel, above its point (below near the top).
        svgText(
          {
            class: 'mode-number',
            x: point.x,
            y: point.y - radius - 3 < area.top + 10 ? point.y + radius + 11 : point.y - radius - 3,
            'text-anchor': 'middle',
          },
          String(number),
        ),
      ]);
    });
    return svgElement(
      'g',
      {
        class: 'suite-failure-column',
        'data-benchmark': group.benchmark,
        'data-method': group.method,
        'data-window': window.key,
        'data-seeds': summary.cells.length,
        'data-modes': summary.modes.length,
      },
      [
        svgText(
          { class: 'window-title', x: start + columnWidth / 2, y: 14, 'text-anchor': 'middle' },
          window.title,
        ),
        ...(summary.cells.length === 0
          ? [
              svgText(
                {
                  class: 'panel-empty',
                  x: start + columnWidth / 2,
                  y: (area.top + area.bottom) / 2,
                  'text-anchor': 'middle',
                },
                'no failures',
              ),
            ]
          : []),
        ...points,
      ],
    );
  });
  // A mode named in both windows: a thin line from where it was to where it is.
  const links = group.first.modes.flatMap((mode) => {
    const from = positions.get(`first\u0000${mode.name}`);
    const to = positions.get(`final\u0000${mode.name}`);
    return from === undefined || to === undefined
      ? []
      : [svgElement('line', { class: 'mode-link', x1: from.x, y1: from.y, x2: to.x, y2: to.y })];
  });
  const svg = renderChartSvg({
    id: `suite-failure-modes-${index}-${`${group.benchmark}-${group.method}-${group.taskModel}-${group.optimizerModel}`.replace(/[^A-Za-z0-9_-]+/g, '-')}`,
    title: `${label}: failure modes before the first and the final synthesis event`,
    description: windows
      .map(
        (window) =>
          `${window.title}: ${modeCountText(group[window.key])} modes per seed, max:min share ${ratioText(group[window.key])}, n = ${group[window.key].cells.length}`,
      )
      .join('; '),
    width: panelWidth,
    height: panelHeight,
    body: [
      svgElement('rect', {
        class: 'panel-background',
        x: area.left,
        y: area.top,
        width: area.right - area.left,
        height: area.bottom - area.top,
      }),
      renderLeftAxis({
        area,
        ticks: y.ticks(),
        position: y.map,
        format: formatPercent,
        label: 'Share of failures (log)',
      }),
      svgElement('line', {
        class: 'axis-line',
        x1: area.left + columnWidth,
        x2: area.left + columnWidth,
        y1: area.top,
        y2: area.bottom,
      }),
      svgElement('g', { class: 'mode-links', 'aria-hidden': 'true' }, links),
      ...columns,
    ].join(''),
  });
  return (
    `<div class="small-multiple mode-panel" data-benchmark="${escapeHtml(group.benchmark)}" data-method="${escapeHtml(group.method)}">` +
    `<h4 class="panel-heading">${svgElement('svg', { class: 'legend-key', width: 12, height: 12, viewBox: '0 0 12 12', 'aria-hidden': 'true' }, svgElement('rect', { width: 12, height: 12, rx: 2, fill: color }))}${escapeHtml(label)}</h4>` +
    renderPanelStatistics(group) +
    svg +
    renderModeKey(group, numbers) +
    '</div>'
  );
}

function renderTables(data: SuiteReportData, groups: readonly SuiteFailureModeGroup[]) {
  const perSeed = (window: SuiteFailureModeWindowSummary, name: string) =>
    window.modes
      .find((mode) => mode.name === name)
      ?.perSeed.map((seed) => `${seed.seed}: ${formatPercent(seed.share)}`)
      .join(', ') ?? '—';
  const mean = (window: SuiteFailureModeWindowSummary, name: string) => {
    const mode = window.modes.find((candidate) => candidate.name === name);
    return mode === undefined ? '—' : formatPercent(mode.meanShare);
  };
  const sections = groups.map((group) => {
    const names = [
      ...new Set([...group.first.modes, ...group.final.modes].map((mode) => mode.name)),
    ];
    const description = (name: string) =>
      [...group.first.modes, ...group.final.modes].find((mode) => mode.name === name)
        ?.description ?? '';
    const rows = names
      .map(
        (name) =>
          `<tr><td>${escapeHtml(name)}</td><td class="number">${mean(group.first, name)}</td><td>${escapeHtml(perSeed(group.first, name))}</td>` +
          `<td class="number">${mean(group.final, name)}</td><td>${escapeHtml(perSeed(group.final, name))}</td><td>${escapeHtml(description(name))}</td></tr>`,
      )
      .join('');
    const n = (window: SuiteFailureModeWindowSummary) =>
      `n = ${window.cells.length}${window.cells.length === 0 ? '' : `; ${window.cells.map((cell) => `seed ${cell.seed}: ${formatQuantity(cell.modes, 'mode')}, ${formatRatio(cell.ratio)}`).join(', ')}`}`;
    return (
      `<h4>${escapeHtml(groupLabel(data, group))} <span class="muted">(first: ${escapeHtml(n(group.first))} · final: ${escapeHtml(n(group.final))}; ${names.length} distinct mode names over the seeds)</span></h4>` +
      `<div class="matrix-scroll"><table class="data-table" data-failure-modes="${escapeHtml(group.benchmark)}/${escapeHtml(group.method)}"><thead><tr><th scope="col">Failure mode</th>` +
      '<th scope="col" class="number">First: mean share</th><th scope="col">First: per seed</th><th scope="col" class="number">Final: mean share</th><th scope="col">Final: per seed</th><th scope="col">Description</th>' +
      `</tr></thead><tbody>${rows}</tbody></table></div>`
    );
  });
  return `<details class="chart-details"><summary>Every failure mode by name, with its share in each seed</summary>${sections.join('')}</details>`;
}

/**
 * Figure 3(b)/(c) at suite level for one model pair, as one panel per benchmark and method with
 * failure memory: panel (b), the failure modes before the first synthesis event, beside panel
 * (c), before the final one. A point is a failure mode matched by name across seeds, at its mean
 * share of the window's failures over the seeds (a seed without it counting 0) on a log scale
 * shared by every panel, its area its mean supporting failures; a thin line joins a mode present
 * in both windows. Above each panel: modes per seed and the max:min share ratio, each as mean ±
 * sd over the seeds (never a count of names over seeds). A table lists every mode's shares.
 */
export function renderSuiteFailureModesChart(
  data: SuiteReportData,
  taskModel: string,
  optimizerModel: string,
): string {
  const heading = `Failure-mode redistribution — ${taskModel}, optimizer ${optimizerModel}`;
  const caption =
    "Figure 3(b)/(c) over seeds, one panel per benchmark and method: (b) the failure modes before the first synthesis event, (c) before the final one. Each point is a mode (matched across seeds by name) at its share of the window's failures averaged over the n seeds (a seed without it counts 0), on a log scale shared by every panel; its area is its mean number of supporting failures; a grey line joins a mode found in both windows. Modes per seed and the max:min share ratio (largest mode's failures over the smallest's, per seed) are mean ± sd over the seeds. Hover for each seed's numbers and the description.";
  const all = suiteFailureModeGroups(data).filter(
    (group) => group.taskModel === taskModel && group.optimizerModel === optimizerModel,
  );
  const groups = all.filter(
    (group) => group.first.cells.length > 0 || group.final.cells.length > 0,
  );
  const without = all.filter((group) => !groups.includes(group));
  if (groups.length === 0) {
    return renderChartFigure({
      chart: 'suite-failure-modes',
      heading,
      caption,
      content: renderEmptyChart(
        data.cellDetails === undefined
          ? "The cells' run databases were not read, so their failure modes are not shown."
          : all.length === 0
            ? 'No finished cell of this model pair ran a synthesis event, so there are no failure modes before one to compare.'
            : 'No finished cell of this model pair recorded a failure before a synthesis event.',
      ),
    });
  }
  const modes = groups.flatMap((group) => [...group.first.modes, ...group.final.modes]);
  const y = createLogScale(shareDomain(modes.map((mode) => mode.meanShare)), [
    area.bottom,
    area.top,
  ]);
  const maxFailures = Math.max(0, ...modes.map((mode) => mode.meanFailures));
  const methods = [...new Set(groups.map((group) => group.method))];
  const legend = renderChartLegend(
    [
      ...methods.map((method) => ({
        ...methodLegendItem(method, data.labels),
        mark: 'circle' as const,
      })),
      { label: 'same mode in (b) and (c)', color: '#aab3bf', mark: 'line', id: 'link' },
    ],
    'Methods',
  );
  const stopped = groups.filter((group) => group.stoppedSeeds.length > 0);
  const note =
    (without.length === 0
      ? ''
      : `<p class="section-note">No failure modes recorded before a synthesis event (no failure memory): ${escapeHtml(without.map((group) => groupLabel(data, group)).join('; '))}.</p>`) +
    (stopped.length === 0
      ? ''
      : `<p class="section-note">${stoppedMark} a cap stopped some of the panel's cells short; their windows count, as their scores do in the tables: ${escapeHtml(stopped.map((group) => `${groupLabel(data, group)} seed ${group.stoppedSeeds.join(', ')}`).join('; '))}.</p>`);
  return renderChartFigure({
    chart: 'suite-failure-modes',
    heading,
    caption,
    legend,
    content: `<div class="small-multiples mode-panels">${groups.map((group, index) => renderPanel(data, group, y, maxFailures, index)).join('')}</div>${note}`,
    after: renderTables(data, groups),
  });
}
