import { benchmarkLabel, methodLabel } from '@forge/suite';
import { pointRadius } from '../charts/failure-mode-shares.js';
import { type PlotArea, renderLeftAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { categoricalColor } from '../primitives/chart-palette.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatPercent, formatQuantity } from '../primitives/format-value.js';
import { createLogScale, shareDomain } from '../primitives/log-scale.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import {
  type SuiteFailureModeGroup,
  type SuiteFailureModeWindowSummary,
  suiteFailureModeGroups,
} from './suite-failure-mode-shares.js';
import type { SuiteReportData } from './suite-report-data.js';

const width = 960;
const left = 86;
const right = 944;
const panelHeight = 230;
const panelTop = 64;
const panelGap = 96;
const maxRadius = 16;

const windows = [
  { key: 'first', title: '(b) Before the first synthesis event' },
  { key: 'final', title: '(c) Before the final synthesis event' },
] as const;

function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function groupLabel(data: SuiteReportData, group: SuiteFailureModeGroup, withMethod: boolean) {
  const benchmark = benchmarkLabel(data.labels, group.benchmark);
  return withMethod ? `${benchmark}, ${methodLabel(data.labels, group.method)}` : benchmark;
}

function seedList(window: SuiteFailureModeWindowSummary): string {
  return window.cells
    .map((cell) => `seed ${cell.seed}: ${formatQuantity(cell.modes, 'mode')}`)
    .join(', ');
}

function renderTables(
  data: SuiteReportData,
  groups: readonly SuiteFailureModeGroup[],
  withMethod: boolean,
) {
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
      `n = ${window.cells.length}${window.cells.length === 0 ? '' : `; ${seedList(window)}`}`;
    return (
      `<h4>${escapeHtml(groupLabel(data, group, withMethod))} <span class="muted">(first: ${escapeHtml(n(group.first))} · final: ${escapeHtml(n(group.final))})</span></h4>` +
      `<div class="matrix-scroll"><table class="data-table" data-failure-modes="${escapeHtml(group.benchmark)}/${escapeHtml(group.method)}"><thead><tr><th scope="col">Failure mode</th>` +
      '<th scope="col" class="number">First: mean share</th><th scope="col">First: per seed</th><th scope="col" class="number">Final: mean share</th><th scope="col">Final: per seed</th><th scope="col">Description</th>' +
      `</tr></thead><tbody>${rows}</tbody></table></div>`
    );
  });
  return `<details class="chart-details"><summary>The failure modes as tables, per seed</summary>${sections.join('')}</details>`;
}

/**
 * Figure 3(b)/(c) at suite level for one model pair: per benchmark (and method with failure
 * memory), a column of points, one per failure mode matched by name across seeds, at its mean
 * share of failures over the seeds on a log scale, area ∝ its mean supporting failures; one panel
 * before the first synthesis event, one before the final. A table per benchmark lists the same
 * numbers and each seed's.
 */
export function renderSuiteFailureModesChart(
  data: SuiteReportData,
  taskModel: string,
  optimizerModel: string,
): string {
  const heading = `Failure-mode redistribution — ${taskModel}, optimizer ${optimizerModel}`;
  const caption =
    "Figure 3(b)/(c) over seeds. Each point is a failure mode (modes of different seeds are matched by name); its height is the mode's share of the window's failures averaged over the n seeds whose window holds failures (a seed without that mode counts 0), on a log scale; its area is its mean number of supporting failures. Within a column, points are spread by rank only. Hover a point for each seed's share and the description.";
  const groups = suiteFailureModeGroups(data).filter(
    (group) => group.taskModel === taskModel && group.optimizerModel === optimizerModel,
  );
  if (groups.length === 0) {
    return renderChartFigure({
      chart: 'suite-failure-modes',
      heading,
      caption,
      content: renderEmptyChart(
        data.cellDetails === undefined
          ? "The cells' run databases were not read, so their failure modes are not shown."
          : 'No finished cell of this model pair ran a synthesis event, so there are no failure modes before one to compare.',
      ),
    });
  }
  const withMethod = new Set(groups.map((group) => group.method)).size > 1;
  const all = groups.flatMap((group) => [...group.first.modes, ...group.final.modes]);
  const y0 = createLogScale(shareDomain(all.map((mode) => mode.meanShare)), [panelHeight, 0]);
  const maxFailures = Math.max(0, ...all.map((mode) => mode.meanFailures));
  const columnWidth = (right - left) / groups.length;
  const height = panelTop + windows.length * panelHeight + (windows.length - 1) * panelGap + 70;
  const panels = windows.map((window, position) => {
    const top = panelTop + position * (panelHeight + panelGap);
    const area: PlotArea = { left, top, right, bottom: top + panelHeight };
    const y = (share: number) => top + y0.map(share);
    const columns = groups.map((group, column) => {
      const summary = group[window.key];
      const start = left + column * columnWidth;
      const center = start + columnWidth / 2;
      const slot = (columnWidth * 0.8) / Math.max(1, summary.modes.length);
      const color = categoricalColor(column);
      const label = groupLabel(data, group, withMethod);
      const points = summary.modes.map((mode, rank) =>
        svgElement('g', { class: 'suite-failure-mode', 'data-mode': mode.name }, [
          svgTitle(
            `${label} — ${mode.name}: mean share ${formatPercent(mode.meanShare)} over ${summary.cells.length} seed(s) ` +
              `(${mode.perSeed.map((seed) => `seed ${seed.seed}: ${formatPercent(seed.share)}, ${formatQuantity(seed.failures, 'failure')}`).join('; ')})` +
              `${mode.description === '' ? '' : `\n${mode.description}`}`,
          ),
          svgElement('circle', {
            class: 'mode-point',
            cx: start + columnWidth * 0.1 + slot * (rank + 0.5),
            cy: y(mode.meanShare),
            r: pointRadius(mode.meanFailures, maxFailures, maxRadius),
            fill: color,
          }),
        ]),
      );
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
            { class: 'panel-subtitle', x: center, y: top - 8, 'text-anchor': 'middle' },
            summary.cells.length === 0
              ? 'no failures'
              : `${formatQuantity(summary.modes.length, 'mode')} · n=${summary.cells.length}`,
          ),
          ...points,
          svgText(
            { class: 'row-label', x: center, y: area.bottom + 18, 'text-anchor': 'middle' },
            shorten(label, Math.max(8, Math.floor(columnWidth / 8))),
          ),
        ],
      );
    });
    return [
      svgElement('rect', {
        class: 'panel-background',
        x: left,
        y: top,
        width: right - left,
        height: panelHeight,
      }),
      renderLeftAxis({
        area,
        ticks: y0.ticks(),
        position: y,
        format: formatPercent,
        label: 'Share of failures (log)',
      }),
      svgText({ class: 'panel-title', x: left, y: top - 30 }, window.title),
      ...columns,
    ].join('');
  });
  return renderChartFigure({
    chart: 'suite-failure-modes',
    heading,
    caption,
    content: renderChartSvg({
      id: `suite-failure-modes-${taskModel}-${optimizerModel}`.replace(/[^A-Za-z0-9_-]/g, '-'),
      title: heading,
      description: groups
        .map(
          (group) =>
            `${groupLabel(data, group, withMethod)}: ${group.first.modes.length} modes before the first event, ${group.final.modes.length} before the final (${formatCount(group.final.cells.length)} seeds)`,
        )
        .join('; '),
      width,
      height,
      body: panels.join(''),
    }),
    after: renderTables(data, groups, withMethod),
  });
}
