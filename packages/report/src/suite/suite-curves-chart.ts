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
import { bandPath, seedCurveBand } from './seed-curve-band.js';
import type { SuiteReportData } from './suite-report-data.js';
import { chartId, methodLegend } from './suite-score-bars-chart.js';

const width = 960;

/**
 * Every method's score-vs-evaluations curve on one benchmark for one (task model, optimizer
 * model): per method (and training arm; augmented arms dashed) the mean over seeds of the best
 * validation score so far against task evaluations spent, in a band from the lowest to the
 * highest seed; hovering a method shows each seed's own line. A B.4-aligned method ends at or
 * before its ceiling, the reference's last evaluation.
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
    "Per method: the mean over seeds of the best validation score so far against the task evaluations spent, in a band from the lowest to the highest seed (dashed: trained on the augmented data). Hover a method for each seed's own line.";
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
            class: 'compare-line seed-line',
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
  const groups = new Map<string, SuiteCellResult[]>();
  for (const cell of cells) {
    const key = `${cell.method}\u0000${cell.arm}`;
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  const methodCurve = (group: readonly SuiteCellResult[]) => {
    const first = group[0] as SuiteCellResult;
    const position = methods.indexOf(first.method);
    const color = categoricalColor(position);
    const band = seedCurveBand(
      group.map((cell) => ({
        points: cell.curve,
        end: cell.evaluationsUsed ?? cell.curve.at(-1)?.evaluationsUsed ?? 0,
      })),
    );
    if (band === undefined) return '';
    const label = `${methodLabel(labels, first.method)}${first.arm === 'augmented' ? ', augmented data' : ''}`;
    const finals = group.map((cell) => cell.curve.at(-1)?.bestValidation ?? 0);
    return svgElement(
      'g',
      { class: 'suite-method-curve', 'data-method': first.method, 'data-arm': first.arm },
      [
        svgTitle(
          `${label}: mean best validation ${formatScore(band.mean.at(-1))} over ${group.length} seed(s) (lowest ${formatScore(Math.min(...finals))}, highest ${formatScore(Math.max(...finals))})`,
        ),
        ...(group.length > 1
          ? [
              svgElement('path', {
                class: 'suite-curve-band',
                d: bandPath(band, x.map, y.map),
                fill: color,
              }),
            ]
          : []),
        svgElement('path', {
          class: 'compare-line suite-curve-mean',
          d: stepPath(
            band.x.map((at, index) => ({ x: x.map(at), y: y.map(band.mean[index] ?? 0) })),
            x.map(band.end),
          ),
          stroke: color,
          ...(first.arm === 'augmented' ? { 'stroke-dasharray': '6 4' } : {}),
        }),
        svgElement('g', { class: 'suite-curve-seeds' }, group.map(line)),
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
        ...[...groups.values()].map(methodCurve),
      ].join(''),
    }),
  });
}
