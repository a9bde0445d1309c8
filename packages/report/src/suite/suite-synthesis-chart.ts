import { benchmarkLabel, isFinishedCell, methodLabel, stoppedMark } from '@forge/suite';
import { type PlotArea, renderBottomAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { renderChartLegend } from '../primitives/chart-legend.js';
import { outcomeColor, outcomeLabel, outcomeOrder } from '../primitives/chart-palette.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatAdmissionRate, formatCount, formatPercent } from '../primitives/format-value.js';
import { createLinearScale, niceDomain } from '../primitives/linear-scale.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import type { SuiteReportData } from './suite-report-data.js';

const width = 960;
// Each row: its label on a line of its own above the bar, so a long benchmark title ("AppWorld
// (prompt search only: no task-authoring backend)") is never cut by a label column.
const rowHeight = 50;
const barHeight = 22;
const labelHeight = 18;

interface AccountingRow {
  readonly benchmark: string;
  readonly method: string;
  readonly attempts: number;
  readonly admitted: number;
  readonly outcomes: Record<string, number>;
  /** Seeds of its cells that a cap stopped short (counted, as in the tables, and marked ‡). */
  readonly stoppedSeeds: readonly number[];
}

/**
 * The synthesis accounting of the suite, per (benchmark, method), summed over its finished cells:
 * `done`, or `stopped` by a cap (its attempts happened; the row says which seeds, as ‡).
 */
export function suiteSynthesisRows(data: SuiteReportData): AccountingRow[] {
  const rows = new Map<string, AccountingRow>();
  for (const cell of data.results.cells) {
    if (
      !isFinishedCell(cell) ||
      cell.synthesis === undefined ||
      cell.synthesis.attempts === 0 ||
      cell.arm !== 'original'
    )
      continue;
    const key = `${cell.benchmark}\u0000${cell.method}`;
    const row = rows.get(key) ?? {
      benchmark: cell.benchmark,
      method: cell.method,
      attempts: 0,
      admitted: 0,
      outcomes: {},
      stoppedSeeds: [],
    };
    const outcomes = { ...row.outcomes };
    for (const [outcome, count] of Object.entries(cell.synthesis.outcomes))
      outcomes[outcome] = (outcomes[outcome] ?? 0) + count;
    rows.set(key, {
      ...row,
      attempts: row.attempts + cell.synthesis.attempts,
      admitted: row.admitted + cell.synthesis.admitted,
      outcomes,
      stoppedSeeds: cell.status === 'stopped' ? [...row.stoppedSeeds, cell.seed] : row.stoppedSeeds,
    });
  }
  const order = (row: AccountingRow) => [
    data.spec.benchmarks.indexOf(row.benchmark),
    data.spec.methods.indexOf(row.method),
  ];
  return [...rows.values()].sort((left, right) => {
    const [a, b] = [order(left), order(right)];
    return (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0);
  });
}

/**
 * Figure 3a across benchmarks: for every benchmark and synthesizing method, all its generation
 * attempts (summed over seeds and models) stacked by final outcome, labelled admitted / attempts.
 */
export function renderSuiteSynthesisChart(data: SuiteReportData): string {
  const heading = 'Synthesis accounting across benchmarks';
  const caption =
    "Every generation attempt of each benchmark's synthesizing methods (summed over their finished cells), stacked by final outcome; the label gives admitted over attempts and the admission rate.";
  const rows = suiteSynthesisRows(data);
  const stopped = rows.filter((row) => row.stoppedSeeds.length > 0);
  const stoppedNote =
    stopped.length === 0
      ? ''
      : ` ${stoppedMark} a cap stopped some of the row's cells short (${stopped.map((row) => `${benchmarkLabel(data.labels, row.benchmark)}, ${methodLabel(data.labels, row.method)}: seed ${row.stoppedSeeds.join(', ')}`).join('; ')}); their attempts count, as their scores do in the tables.`;
  if (rows.length === 0) {
    return renderChartFigure({
      chart: 'suite-synthesis',
      heading,
      caption,
      content: renderEmptyChart('No finished cell synthesized data.'),
    });
  }
  const present = new Set(
    rows.flatMap((row) => Object.keys(row.outcomes).filter((key) => (row.outcomes[key] ?? 0) > 0)),
  );
  const outcomes = [
    ...outcomeOrder.filter((outcome) => present.has(outcome)),
    ...[...present].filter((outcome) => !outcomeOrder.includes(outcome)).sort(),
  ];
  const top = 12;
  const area: PlotArea = {
    left: 16,
    top,
    right: width - 150,
    bottom: top + rows.length * rowHeight,
  };
  const height = area.bottom + 56;
  const x = createLinearScale(niceDomain(0, Math.max(1, ...rows.map((row) => row.attempts)), 6), [
    area.left,
    area.right,
  ]);
  const legend = renderChartLegend(
    outcomes.map((outcome, position) => ({
      label: outcomeLabel(outcome),
      color: outcomeColor(outcome, position),
      id: outcome,
    })),
    'Outcomes',
  );
  const bars = rows.map((row, index) => {
    const centerY = area.top + index * rowHeight + labelHeight + barHeight / 2 + 2;
    let cumulative = 0;
    const segments = outcomes.flatMap((outcome, position) => {
      const count = row.outcomes[outcome] ?? 0;
      if (count <= 0) return [];
      const start = x.map(cumulative);
      cumulative += count;
      return [
        svgElement(
          'rect',
          {
            class: 'outcome-segment',
            x: start,
            y: centerY - barHeight / 2,
            width: x.map(cumulative) - start,
            height: barHeight,
            fill: outcomeColor(outcome, position),
            'data-outcome': outcome,
          },
          svgTitle(
            `${benchmarkLabel(data.labels, row.benchmark)}, ${methodLabel(data.labels, row.method)}: ${outcomeLabel(outcome)} ${formatCount(count)} of ${formatCount(row.attempts)} (${formatPercent(count / Math.max(1, row.attempts))})`,
          ),
        ),
      ];
    });
    return svgElement(
      'g',
      { class: 'synthesis-row', 'data-benchmark': row.benchmark, 'data-method': row.method },
      [
        svgElement('text', { x: area.left, y: centerY - barHeight / 2 - 6 }, [
          svgElement(
            'tspan',
            { class: 'row-label' },
            escapeHtml(benchmarkLabel(data.labels, row.benchmark)),
          ),
          svgElement(
            'tspan',
            { class: 'row-sublabel', dx: 8 },
            escapeHtml(
              `${methodLabel(data.labels, row.method)}${row.stoppedSeeds.length > 0 ? ` ${stoppedMark}` : ''}`,
            ),
          ),
        ]),
        ...segments,
        svgText(
          {
            class: 'bar-value',
            x: x.map(cumulative) + 8,
            y: centerY,
            'dominant-baseline': 'middle',
          },
          formatAdmissionRate(row.admitted, row.attempts),
        ),
      ],
    );
  });
  return renderChartFigure({
    chart: 'suite-synthesis',
    heading,
    caption: caption + stoppedNote,
    legend,
    content: renderChartSvg({
      id: 'suite-synthesis',
      title: heading,
      description: rows
        .map(
          (row) =>
            `${row.benchmark} ${row.method}: ${formatAdmissionRate(row.admitted, row.attempts)}`,
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
        ...bars,
      ].join(''),
    }),
  });
}
