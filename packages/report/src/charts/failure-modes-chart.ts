import type { RunReportData } from '../data/run-report-data.js';
import { type PlotArea, renderLeftAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { categoricalColor } from '../primitives/chart-palette.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatPercent, formatQuantity } from '../primitives/format-value.js';
import { niceTicks } from '../primitives/linear-scale.js';
import { createLogScale, shareDomain } from '../primitives/log-scale.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import {
  type FailureModeShareWindow,
  failureModeShares,
  pointRadius,
} from './failure-mode-shares.js';

const width = 960;
const area: PlotArea = { left: 76, top: 84, right: 940, bottom: 360 };
const height = 480;
const panelGap = 28;
const maxRadius = 20;
const nameLength = 24;

function shorten(name: string): string {
  return name.length > nameLength ? `${name.slice(0, nameLength - 1)}…` : name;
}

/** One colour per distinct mode name, stable across windows and runs with the same modes. */
function modeColors(windows: readonly FailureModeShareWindow[]): Map<string, string> {
  const names = [...new Set(windows.flatMap((window) => window.modes.map((mode) => mode.name)))];
  names.sort();
  return new Map(names.map((name, position) => [name, categoricalColor(position)]));
}

function renderSizeLegend(maxFailures: number): string {
  const smaller = niceTicks(0, maxFailures / 4, 1).at(-1) ?? 0;
  const sizes = [maxFailures, smaller].filter(
    (size, position, all) => size > 0 && all.indexOf(size) === position,
  );
  const parts = [
    svgText({ class: 'legend-label', x: area.left, y: 22 }, 'Point area ∝ supporting failures:'),
  ];
  let x = area.left + 236;
  for (const size of sizes) {
    const radius = pointRadius(size, maxFailures, maxRadius);
    parts.push(
      svgElement('circle', { class: 'mode-size-key', cx: x + radius, cy: 18, r: radius }),
      svgText(
        { class: 'legend-label', x: x + radius * 2 + 6, y: 22 },
        formatQuantity(size, 'failure'),
      ),
    );
    x += radius * 2 + 96;
  }
  return svgElement('g', { class: 'legend' }, parts);
}

// An SVG dot, not a styled span: the page's CSP allows no style attributes.
function swatch(color: string): string {
  return svgElement(
    'svg',
    { class: 'swatch', viewBox: '0 0 10 10', width: 10, height: 10, 'aria-hidden': 'true' },
    svgElement('circle', { cx: 5, cy: 5, r: 5, fill: color }),
  );
}

function renderDetails(
  windows: readonly FailureModeShareWindow[],
  colors: Map<string, string>,
): string {
  const sections = windows.map((window) => {
    const rows = window.modes
      .map(
        (mode) =>
          `<tr><td>${swatch(colors.get(mode.name) ?? '#6f7782')}${escapeHtml(mode.name)}</td>` +
          `<td class="number">${formatCount(mode.failures)}</td><td class="number">${formatPercent(mode.share)}</td>` +
          `<td>${escapeHtml(mode.description)}</td></tr>`,
      )
      .join('');
    return (
      `<h4>${escapeHtml(window.label)} (event ${window.event}, ${formatCount(window.total)} failures)</h4>` +
      '<table class="data-table"><thead><tr><th>Failure mode</th><th class="number">Failures</th>' +
      `<th class="number">Share</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`
    );
  });
  return `<details class="chart-details"><summary>Failure modes and descriptions</summary>${sections.join('')}</details>`;
}

/** Figures 3b and 3c: each window's failure modes at their share of failures, on a log scale. */
export function renderFailureModesChart(data: RunReportData): string {
  const heading = 'Failure-mode shares before synthesis';
  const caption =
    'Each point is a failure mode the failure memory held before a synthesis event; its height ' +
    "is the mode's share of the window's failures on a log scale, its area the number of " +
    'supporting failures. Modes are ordered by share from left to right; hover a point for its description.';
  const windows = failureModeShares(data.failureModeWindows);
  if (windows.length === 0) {
    return renderChartFigure({
      chart: 'failure-modes',
      heading,
      caption,
      content: renderEmptyChart(
        'No synthesis event ran, so no failure modes were collected before one. There is nothing to compare.',
      ),
    });
  }

  const colors = modeColors(windows);
  const y = createLogScale(
    shareDomain(windows.flatMap((window) => window.modes.map((mode) => mode.share))),
    [area.bottom, area.top],
  );
  const maxFailures = Math.max(
    0,
    ...windows.flatMap((window) => window.modes.map((mode) => mode.failures)),
  );
  const panelWidth = (area.right - area.left - panelGap * (windows.length - 1)) / windows.length;

  const panels = windows.map((window, position) => {
    const left = area.left + position * (panelWidth + panelGap);
    const center = left + panelWidth / 2;
    const slot = panelWidth / Math.max(1, window.modes.length);
    const background = svgElement('rect', {
      class: 'panel-background',
      x: left,
      y: area.top,
      width: panelWidth,
      height: area.bottom - area.top,
    });
    const parts = [
      svgText(
        { class: 'panel-title', x: center, y: area.top - 28, 'text-anchor': 'middle' },
        window.label,
      ),
      svgText(
        { class: 'panel-subtitle', x: center, y: area.top - 12, 'text-anchor': 'middle' },
        `event ${window.event} · ${formatQuantity(window.modes.length, 'mode')} · ` +
          `${formatQuantity(window.total, 'failure')}` +
          (window.emptyModes > 0 ? ` · ${window.emptyModes} without failures not drawn` : ''),
      ),
    ];
    if (window.modes.length === 0) {
      parts.push(
        svgText(
          {
            class: 'panel-empty',
            x: center,
            y: (area.top + area.bottom) / 2,
            'text-anchor': 'middle',
          },
          'No failures recorded in this window',
        ),
      );
    }
    window.modes.forEach((mode, rank) => {
      const x = left + slot * (rank + 0.5);
      const color = colors.get(mode.name) ?? categoricalColor(rank);
      parts.push(
        svgElement('g', { class: 'failure-mode', 'data-mode': mode.name }, [
          svgTitle(
            `${mode.name}: ${formatCount(mode.failures)} of ${formatCount(window.total)} failures ` +
              `(${formatPercent(mode.share)})\n${mode.description}`,
          ),
          svgElement('circle', {
            class: 'mode-point',
            cx: x,
            cy: y.map(mode.share),
            r: pointRadius(mode.failures, maxFailures, maxRadius),
            fill: color,
          }),
          svgText(
            {
              class: 'mode-name',
              x: 0,
              y: 0,
              transform: `translate(${x.toFixed(2)} ${area.bottom + 12}) rotate(-35)`,
              'text-anchor': 'end',
            },
            shorten(mode.name),
          ),
        ]),
      );
    });
    return {
      background,
      span: [left, left + panelWidth] as const,
      marks: svgElement('g', { class: 'panel' }, parts),
    };
  });

  const body = [
    renderSizeLegend(maxFailures),
    ...panels.map((panel) => panel.background),
    renderLeftAxis({
      area,
      ticks: y.ticks(),
      position: y.map,
      format: formatPercent,
      label: 'Share of failures (log scale)',
      gridSpans: panels.map((panel) => panel.span),
    }),
    ...panels.map((panel) => panel.marks),
  ].join('');

  return renderChartFigure({
    chart: 'failure-modes',
    heading,
    caption,
    content: renderChartSvg({
      id: 'failure-modes',
      title: 'Failure-mode shares before synthesis events',
      description: windows
        .map(
          (window) =>
            `${window.label}: ${window.modes.length} modes over ${formatCount(window.total)} failures` +
            (window.modes[0]
              ? `, largest ${window.modes[0].name} at ${formatPercent(window.modes[0].share)}`
              : ''),
        )
        .join('; '),
      width,
      height,
      body,
    }),
    after: renderDetails(windows, colors),
  });
}
