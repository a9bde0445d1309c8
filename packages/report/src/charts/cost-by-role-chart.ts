import type { RunReportData, RunReportUsage } from '../data/run-report-data.js';
import { type PlotArea, renderBottomAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { formatCompact, formatCount, formatUsd } from '../primitives/format-value.js';
import { createLinearScale, niceDomain } from '../primitives/linear-scale.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import { usageByRole } from './role-usage.js';

const width = 960;
const rowHeight = 38;
const barHeight = 20;
const top = 48;
const axisHeight = 56;
const labelRight = 140;
const tokensPanel = { left: 156, right: 540 };
const costPanel = { left: 640, right: 880 };
const inputColor = '#3569a8';
const outputColor = '#93b7e0';
const costColor = '#3f9b63';

/** A role's cost as text: dollars, or `unpriced` when a model of the role has no price. */
export function formatRoleCost(role: RunReportUsage): string {
  if ((role.unpricedModels?.length ?? 0) === 0) return formatUsd(role.costUsd);
  return role.costUsd > 0 ? `${formatUsd(role.costUsd)} + unpriced` : 'unpriced';
}

function legendItem(x: number, color: string, label: string): string {
  return [
    svgElement('rect', { x, y: 12, width: 12, height: 12, rx: 2, fill: color }),
    svgText({ class: 'legend-label', x: x + 17, y: 18, 'dominant-baseline': 'middle' }, label),
  ].join('');
}

/** Figure 5: tokens (input and output) and US dollars spent per model role. */
export function renderCostByRoleChart(data: RunReportData): string {
  const heading = 'Cost by role';
  const caption =
    'Tokens sent and received, and their cost, for each role: the task model running the ' +
    'program, and the optimizer model reflecting, assigning failures, generating and verifying examples.';
  const roles = usageByRole(data.usage);
  if (roles.length === 0) {
    return renderChartFigure({
      chart: 'cost-by-role',
      heading,
      caption,
      content: renderEmptyChart('No model calls were recorded for this run.'),
    });
  }

  const bottom = top + roles.length * rowHeight;
  const height = bottom + axisHeight;
  const tokenArea: PlotArea = { left: tokensPanel.left, right: tokensPanel.right, top, bottom };
  const costArea: PlotArea = { left: costPanel.left, right: costPanel.right, top, bottom };
  const maxTokens = Math.max(1, ...roles.map((role) => role.inputTokens + role.outputTokens));
  const maxCost = Math.max(0.01, ...roles.map((role) => role.costUsd));
  const tokens = createLinearScale(niceDomain(0, maxTokens, 4), [tokenArea.left, tokenArea.right]);
  const cost = createLinearScale(niceDomain(0, maxCost, 4), [costArea.left, costArea.right]);

  const rows = roles.map((role: RunReportUsage, row) => {
    const centerY = top + row * rowHeight + rowHeight / 2;
    const barTop = centerY - barHeight / 2;
    const inputEnd = tokens.map(role.inputTokens);
    const outputEnd = tokens.map(role.inputTokens + role.outputTokens);
    const total = role.inputTokens + role.outputTokens;
    return svgElement('g', { class: 'usage-row', 'data-role': role.role }, [
      svgText(
        {
          class: 'row-label',
          x: labelRight,
          y: centerY - 6,
          'text-anchor': 'end',
          'dominant-baseline': 'middle',
        },
        role.role,
      ),
      svgText(
        {
          class: 'row-sublabel',
          x: labelRight,
          y: centerY + 9,
          'text-anchor': 'end',
          'dominant-baseline': 'middle',
        },
        `${formatCount(role.calls)} calls`,
      ),
      svgElement(
        'rect',
        {
          class: 'usage-bar',
          x: tokenArea.left,
          y: barTop,
          width: inputEnd - tokenArea.left,
          height: barHeight,
          fill: inputColor,
        },
        svgTitle(`${role.role}: ${formatCount(role.inputTokens)} input tokens`),
      ),
      svgElement(
        'rect',
        {
          class: 'usage-bar',
          x: inputEnd,
          y: barTop,
          width: outputEnd - inputEnd,
          height: barHeight,
          fill: outputColor,
        },
        svgTitle(`${role.role}: ${formatCount(role.outputTokens)} output tokens`),
      ),
      svgText(
        { class: 'bar-value', x: outputEnd + 6, y: centerY, 'dominant-baseline': 'middle' },
        formatCompact(total),
      ),
      svgElement(
        'rect',
        {
          class: 'usage-bar',
          x: costArea.left,
          y: barTop,
          width: cost.map(role.costUsd) - costArea.left,
          height: barHeight,
          fill: costColor,
        },
        svgTitle(
          `${role.role}: ${formatRoleCost(role)} over ${formatCount(role.calls)} calls` +
            ((role.unpricedModels?.length ?? 0) > 0
              ? ` (no price for ${role.unpricedModels?.join(', ')})`
              : ''),
        ),
      ),
      svgText(
        {
          class: 'bar-value',
          x: cost.map(role.costUsd) + 6,
          y: centerY,
          'dominant-baseline': 'middle',
        },
        formatRoleCost(role),
      ),
    ]);
  });

  const totalCost = roles.reduce((sum, role) => sum + role.costUsd, 0);
  const totalTokens = roles.reduce((sum, role) => sum + role.inputTokens + role.outputTokens, 0);
  const body = [
    svgElement('g', { class: 'legend' }, [
      legendItem(tokenArea.left, inputColor, 'Input tokens'),
      legendItem(tokenArea.left + 120, outputColor, 'Output tokens'),
      legendItem(costArea.left, costColor, 'Cost (USD)'),
    ]),
    renderBottomAxis({
      area: tokenArea,
      ticks: tokens.ticks(4),
      position: tokens.map,
      format: formatCompact,
      label: 'Tokens',
      grid: true,
    }),
    renderBottomAxis({
      area: costArea,
      ticks: cost.ticks(4),
      position: cost.map,
      format: formatUsd,
      label: 'US dollars',
      grid: true,
    }),
    ...rows,
  ].join('');

  return renderChartFigure({
    chart: 'cost-by-role',
    heading,
    caption:
      `${caption} Total: ${formatCompact(totalTokens)} tokens, ${formatUsd(totalCost)}` +
      (roles.some((role) => (role.unpricedModels?.length ?? 0) > 0)
        ? ' plus the unpriced calls (their models have no price).'
        : '.'),
    content: renderChartSvg({
      id: 'cost-by-role',
      title: 'Tokens and cost by model role',
      description: roles
        .map(
          (role) =>
            `${role.role}: ${formatCompact(role.inputTokens + role.outputTokens)} tokens, ${formatRoleCost(role)}`,
        )
        .join('; '),
      width,
      height,
      body,
    }),
  });
}
