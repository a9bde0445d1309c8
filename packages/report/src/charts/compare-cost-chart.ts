import type { RunReportData } from '../data/run-report-data.js';
import { renderBottomAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { categoricalColor } from '../primitives/chart-palette.js';
import { finiteOr } from '../primitives/finite-or.js';
import { formatUsd } from '../primitives/format-value.js';
import { createLinearScale, niceDomain } from '../primitives/linear-scale.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import { runLabel } from './compare-score-chart.js';
import { usageByRole } from './role-usage.js';

const width = 960;
const rowHeight = 34;
const top = 44;
const area = { left: 220, right: 800 };
const roles = ['task', 'reflect', 'assign', 'generate', 'verify'];

/** Each run's cost as one bar, stacked by role; runs with unpriced models say so. */
export function renderCompareCostChart(runs: readonly RunReportData[]): string {
  const heading = 'Cost by run';
  const caption =
    'Each bar is one run\'s priced cost in US dollars, stacked by role. "unpriced" marks runs with ' +
    'models that have no price: their real cost is higher than shown.';
  const totals = runs.map((data) => usageByRole(data.usage));
  if (totals.every((usage) => usage.length === 0)) {
    return renderChartFigure({
      chart: 'compare-cost',
      heading,
      caption,
      content: renderEmptyChart('No model calls were recorded.'),
    });
  }
  const sums = totals.map((usage) =>
    usage.reduce((total, role) => total + finiteOr(role.costUsd, 0), 0),
  );
  const x = createLinearScale(niceDomain(0, Math.max(0.01, ...sums), 4), [area.left, area.right]);
  const bottom = top + runs.length * rowHeight;
  const rows = runs.map((data, row) => {
    const usage = totals[row] ?? [];
    const y = top + row * rowHeight + 6;
    let start = area.left;
    const segments = usage.map((role) => {
      // The domain starts at 0, so a cost's bar length is its position less the axis start.
      const length = Math.max(0, x.map(finiteOr(role.costUsd, 0)) - area.left);
      const segment = svgElement(
        'rect',
        {
          class: 'usage-bar',
          x: start,
          y,
          width: length,
          height: rowHeight - 12,
          fill: categoricalColor(Math.max(0, roles.indexOf(role.role))),
        },
        svgTitle(
          `${runLabel(data)}, ${role.role}: ${formatUsd(role.costUsd)}${(role.unpricedModels?.length ?? 0) > 0 ? ' + unpriced' : ''}`,
        ),
      );
      start += length;
      return segment;
    });
    const unpriced = data.unpricedModels.length > 0;
    return svgElement('g', { class: 'compare-cost-row', 'data-run': runLabel(data) }, [
      svgText(
        {
          class: 'row-label',
          x: area.left - 10,
          y: y + (rowHeight - 12) / 2,
          'text-anchor': 'end',
          'dominant-baseline': 'middle',
        },
        runLabel(data),
      ),
      ...segments,
      svgText(
        {
          class: 'bar-value',
          x: start + 6,
          y: y + (rowHeight - 12) / 2,
          'dominant-baseline': 'middle',
        },
        `${formatUsd(sums[row] ?? 0)}${unpriced ? ' + unpriced' : ''}`,
      ),
    ]);
  });
  const legend = roles.map((role, position) =>
    svgElement('g', { transform: `translate(${area.left + position * 110} 14)` }, [
      svgElement('rect', {
        x: 0,
        y: 0,
        width: 12,
        height: 12,
        rx: 2,
        fill: categoricalColor(position),
      }),
      svgText({ class: 'legend-label', x: 17, y: 6, 'dominant-baseline': 'middle' }, role),
    ]),
  );
  const body = [
    svgElement('g', { class: 'legend' }, legend),
    renderBottomAxis({
      area: { left: area.left, right: area.right, top, bottom },
      ticks: x.ticks(4),
      position: x.map,
      format: formatUsd,
      label: 'US dollars',
      grid: true,
    }),
    ...rows,
  ].join('');
  return renderChartFigure({
    chart: 'compare-cost',
    heading,
    caption,
    content: renderChartSvg({
      id: 'compare-cost',
      title: heading,
      description: runs
        .map((data, row) => `${runLabel(data)}: ${formatUsd(sums[row] ?? 0)}`)
        .join('; '),
      width,
      height: bottom + 56,
      body,
    }),
  });
}
