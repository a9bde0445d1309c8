import type { RunReportData, RunReportSynthesisEvent } from '../data/run-report-data.js';
import { type PlotArea, renderBottomAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { renderChartLegend } from '../primitives/chart-legend.js';
import { outcomeColor, outcomeLabel, outcomeOrder } from '../primitives/chart-palette.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { finiteOr } from '../primitives/finite-or.js';
import { formatAdmissionRate, formatCount, formatPercent } from '../primitives/format-value.js';
import { createLinearScale, niceDomain } from '../primitives/linear-scale.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';

const width = 960;
const rowHeight = 40;
const barHeight = 22;
const plotTop = 16;
const marginLeft = 150;
const marginRight = 140;
const axisHeight = 56;

/** Outcomes present in any event: known ones in pipeline order, then unknown ones by name. */
export function outcomesPresent(events: readonly RunReportSynthesisEvent[]): string[] {
  const present = new Set<string>();
  for (const event of events) {
    for (const [outcome, count] of Object.entries(event.outcomes)) {
      if (finiteOr(count, 0) > 0) present.add(outcome);
    }
  }
  const known = outcomeOrder.filter((outcome) => present.has(outcome));
  const unknown = [...present].filter((outcome) => !outcomeOrder.includes(outcome)).sort();
  return [...known, ...unknown];
}

function renderModeTable(events: readonly RunReportSynthesisEvent[]): string {
  const rows = events.flatMap((event) =>
    event.modes.map(
      (mode) =>
        `<tr><td class="number">${event.event}</td><td>${escapeHtml(mode.name)}</td>` +
        `<td class="number">${formatCount(mode.attempts)}</td><td class="number">${formatCount(mode.admitted)}</td></tr>`,
    ),
  );
  if (rows.length === 0) return '';
  return (
    '<details class="chart-details"><summary>Attempts and admissions per failure mode</summary>' +
    '<table class="data-table"><thead><tr><th class="number">Event</th><th>Failure mode</th>' +
    `<th class="number">Attempts</th><th class="number">Admitted</th></tr></thead><tbody>${rows.join('')}</tbody></table></details>`
  );
}

/** Figure 3a: per synthesis event, its attempts stacked by final outcome. */
export function renderSynthesisAccountingChart(data: RunReportData): string {
  const heading = 'Synthesis accounting';
  const caption =
    'Every generation attempt of each synthesis event, stacked by its final outcome; the label ' +
    'gives admitted over attempts and the admission rate.';
  const events = data.synthesisEvents;
  if (events.length === 0) {
    return renderChartFigure({
      chart: 'synthesis-accounting',
      heading,
      caption,
      content: renderEmptyChart(
        'No synthesis event ran in this run, so no examples were generated.',
      ),
    });
  }

  const outcomes = outcomesPresent(events);
  // The legend is HTML above the drawing: it wraps with the page, so no label runs into another.
  const legend = renderChartLegend(
    outcomes.map((outcome, position) => ({
      label: outcomeLabel(outcome),
      color: outcomeColor(outcome, position),
      id: outcome,
    })),
    'Outcomes',
  );
  const top = plotTop;
  const height = top + events.length * rowHeight + axisHeight;
  const area: PlotArea = {
    left: marginLeft,
    top,
    right: width - marginRight,
    bottom: top + events.length * rowHeight,
  };
  const largest = Math.max(
    1,
    ...events.map((event) =>
      Math.max(
        finiteOr(event.attempts, 0),
        Object.values(event.outcomes).reduce(
          (sum, count) => sum + Math.max(0, finiteOr(count, 0)),
          0,
        ),
      ),
    ),
  );
  const x = createLinearScale(niceDomain(0, largest, 6), [area.left, area.right]);

  const rows = events.map((event, row) => {
    const centerY = area.top + row * rowHeight + rowHeight / 2;
    const barTop = centerY - barHeight / 2;
    const attempts = finiteOr(event.attempts, 0);
    let cumulative = 0;
    const segments = outcomes.flatMap((outcome, position) => {
      const count = Math.max(0, finiteOr(event.outcomes[outcome], 0));
      if (count === 0) return [];
      const start = x.map(cumulative);
      cumulative += count;
      const share = attempts > 0 ? ` (${formatPercent(count / attempts)})` : '';
      return [
        svgElement(
          'rect',
          {
            class: 'outcome-segment',
            x: start,
            y: barTop,
            width: x.map(cumulative) - start,
            height: barHeight,
            fill: outcomeColor(outcome, position),
            'data-outcome': outcome,
          },
          svgTitle(
            `Event ${event.event}: ${outcomeLabel(outcome)} ${formatCount(count)} of ${formatCount(attempts)}${share}`,
          ),
        ),
      ];
    });
    return svgElement('g', { class: 'synthesis-row', 'data-event': event.event }, [
      svgText(
        {
          class: 'row-label',
          x: area.left - 12,
          y: centerY - 6,
          'text-anchor': 'end',
          'dominant-baseline': 'middle',
        },
        `Event ${event.event}`,
      ),
      svgText(
        {
          class: 'row-sublabel',
          x: area.left - 12,
          y: centerY + 9,
          'text-anchor': 'end',
          'dominant-baseline': 'middle',
        },
        `after step ${event.step}`,
      ),
      ...segments,
      svgText(
        { class: 'bar-value', x: x.map(cumulative) + 8, y: centerY, 'dominant-baseline': 'middle' },
        formatAdmissionRate(event.admitted, attempts),
      ),
    ]);
  });

  const totalAdmitted = events.reduce((sum, event) => sum + finiteOr(event.admitted, 0), 0);
  const totalAttempts = events.reduce((sum, event) => sum + finiteOr(event.attempts, 0), 0);
  return renderChartFigure({
    chart: 'synthesis-accounting',
    heading,
    caption: `${caption} Overall: ${formatAdmissionRate(totalAdmitted, totalAttempts)}.`,
    legend,
    content: renderChartSvg({
      id: 'synthesis-accounting',
      title: 'Synthesis accounting by event',
      description: events
        .map(
          (event) =>
            `Event ${event.event}: ${formatAdmissionRate(event.admitted, event.attempts)} admitted`,
        )
        .join('; '),
      width,
      height,
      body: [
        renderBottomAxis({
          area,
          ticks: x.ticks(6),
          position: x.map,
          format: formatCount,
          label: 'Generation attempts',
          grid: true,
        }),
        ...rows,
      ].join(''),
    }),
    after: renderModeTable(events),
  });
}
