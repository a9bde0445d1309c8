import { benchmarkLabel, methodLabel, type SuiteCellResult } from '@forge/suite';
import type { PlotArea } from '../primitives/axis.js';
import { stepPath } from '../primitives/best-score-steps.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { categoricalColor } from '../primitives/chart-palette.js';
import { formatCount, formatScore } from '../primitives/format-value.js';
import { createLinearScale, niceDomain } from '../primitives/linear-scale.js';
import { scoreDomain } from '../primitives/score-domain.js';
import { renderScoreEvaluationAxes } from '../primitives/score-evaluation-axes.js';
import { svgElement, svgTitle } from '../primitives/svg-element.js';
import type { SuiteReportData } from './suite-report-data.js';
import { chartId, methodLegend } from './suite-score-bars-chart.js';

const width = 960;

/**
 * Every method's score-vs-evaluations curve on one benchmark for one (task model, optimizer
 * model), overlaid: the best validation score so far against task evaluations spent, one line per
 * cell (each seed; the transfer study's augmented arms dashed). A B.4-aligned method's line ends
 * at or before its ceiling, the reference's last evaluation.
 */
export function renderSuiteCurvesChart(
  data: SuiteReportData,
  benchmark: string,
  taskModel: string,
  optimizerModel: string,
): string {
  const { spec, labels } = data;
  const heading = `${benchmarkLabel(labels, benchmark)}: validation against evaluations, every method`;
  const caption =
    'Each line is one cell: the best mean validation score so far against the task evaluations spent (dashed: trained on the augmented data). Hover a line for the cell.';
  const methods = [
    ...spec.methods,
    ...(spec.transfer?.methods ?? []).filter((method) => !spec.methods.includes(method)),
  ];
  const cells = data.results.cells.filter(
    (cell) =>
      cell.benchmark === benchmark &&
      cell.taskModel === taskModel &&
      cell.optimizerModel === optimizerModel &&
      cell.curve.length > 0,
  );
  if (cells.length === 0) {
    return renderChartFigure({
      chart: 'suite-curves',
      heading,
      caption,
      content: renderEmptyChart('No cell of this benchmark has validated a candidate yet.'),
    });
  }
  const legendHeight = Math.ceil(methods.length / 4) * 20 + 8;
  const area: PlotArea = {
    left: 76,
    top: legendHeight + 16,
    right: 936,
    bottom: legendHeight + 296,
  };
  const height = area.bottom + 60;
  const largest = Math.max(1, ...cells.map((cell) => cell.evaluationsUsed ?? 0));
  const x = createLinearScale([0, niceDomain(0, largest, 6)[1]], [area.left, area.right]);
  const y = createLinearScale(
    scoreDomain(cells.flatMap((cell) => cell.curve.map((point) => point.bestValidation))),
    [area.bottom, area.top],
  );
  const line = (cell: SuiteCellResult) => {
    const position = methods.indexOf(cell.method);
    const label = `${methodLabel(labels, cell.method)}, seed ${cell.seed}${cell.arm === 'augmented' ? ', augmented data' : ''}`;
    const last = cell.curve.at(-1);
    return svgElement(
      'g',
      { class: 'suite-curve', 'data-cell': cell.id, 'data-method': cell.method },
      [
        svgElement(
          'path',
          {
            class: 'compare-line',
            d: stepPath(
              cell.curve.map((point) => ({
                x: x.map(point.evaluationsUsed),
                y: y.map(point.bestValidation),
              })),
              x.map(cell.evaluationsUsed ?? last?.evaluationsUsed ?? 0),
            ),
            stroke: categoricalColor(position),
            ...(cell.arm === 'augmented' ? { 'stroke-dasharray': '6 4' } : {}),
          },
          svgTitle(
            `${label}: best validation ${formatScore(last?.bestValidation)} after ${formatCount(cell.evaluationsUsed ?? 0)} evaluations${cell.ceiling === null ? '' : ` (ceiling ${formatCount(cell.ceiling)})`}`,
          ),
        ),
      ],
    );
  };
  return renderChartFigure({
    chart: 'suite-curves',
    heading,
    caption,
    content: renderChartSvg({
      id: chartId(`suite-curves-${benchmark}`, taskModel, optimizerModel),
      title: heading,
      description: cells
        .map(
          (cell) =>
            `${methodLabel(labels, cell.method)} seed ${cell.seed}: ${formatScore(cell.bestValidation ?? undefined)}`,
        )
        .join('; '),
      width,
      height,
      body: [
        methodLegend({ ...spec, methods }, labels, area.left),
        renderScoreEvaluationAxes({
          area,
          x,
          y,
          formatScore: (value) => value.toFixed(2),
          scoreLabel: 'Best mean validation score',
        }),
        ...cells.map(line),
      ].join(''),
    }),
  });
}
