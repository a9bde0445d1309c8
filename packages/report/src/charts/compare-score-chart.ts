import type { RunReportData } from '../data/run-report-data.js';
import type { PlotArea } from '../primitives/axis.js';
import { bestScoreSteps, stepPath } from '../primitives/best-score-steps.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { categoricalColor } from '../primitives/chart-palette.js';
import { finiteOr } from '../primitives/finite-or.js';
import { formatCount, formatScore } from '../primitives/format-value.js';
import { createLinearScale, niceDomain } from '../primitives/linear-scale.js';
import { scoreDomain } from '../primitives/score-domain.js';
import { renderScoreEvaluationAxes } from '../primitives/score-evaluation-axes.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import { evaluationsSpent, formatScoreTick } from './score-curve-chart.js';

const width = 960;
const legendRow = 20;

/** The label a compared run goes by: its `label`, else its run directory's last part. */
export function runLabel(data: RunReportData): string {
  return (
    data.run.label ??
    data.run.runDir
      .split(/[\\/]/)
      .filter((part) => part !== '')
      .at(-1) ??
    data.run.runDir
  );
}

/** Several runs' best-so-far curves on one pair of axes, with their candidates as dots. */
export function renderCompareScoreChart(runs: readonly RunReportData[]): string {
  const heading = 'Validation score against evaluations spent, all runs';
  const caption =
    "Each line is one run's best mean validation score so far; dots are its candidates, drawn where " +
    'their evaluations were spent. Hover a line or a dot for the run and the numbers.';
  const curves = runs.map((data) => bestScoreSteps(data.curve, data.candidates));
  if (curves.every((curve) => curve.length === 0)) {
    return renderChartFigure({
      chart: 'compare-score',
      heading,
      caption,
      content: renderEmptyChart('No run has a validated candidate yet.'),
    });
  }
  const legendHeight = runs.length * legendRow + 12;
  const area: PlotArea = {
    left: 76,
    top: legendHeight + 16,
    right: 936,
    bottom: legendHeight + 308,
  };
  const height = area.bottom + 60;
  const largest = Math.max(
    1,
    ...runs.map((data) => finiteOr(data.summary.evaluationsUsed, 0)),
    ...curves.flat().map((point) => point.evaluations),
  );
  const x = createLinearScale([0, niceDomain(0, largest, 6)[1]], [area.left, area.right]);
  const y = createLinearScale(
    scoreDomain([
      ...curves.flat().map((point) => point.bestScore),
      ...runs.flatMap((data) => data.candidates.map((candidate) => candidate.validationScore)),
    ]),
    [area.bottom, area.top],
  );
  const series = runs.map((data, position) => {
    const color = categoricalColor(position);
    const label = runLabel(data);
    const points = curves[position] ?? [];
    const end = x.map(
      Math.max(finiteOr(data.summary.evaluationsUsed, 0), points.at(-1)?.evaluations ?? 0),
    );
    const dots = data.candidates
      .filter(
        (candidate) =>
          Number.isFinite(candidate.validationScore) &&
          Number.isFinite(evaluationsSpent(candidate)),
      )
      .map((candidate) =>
        svgElement(
          'circle',
          {
            class: 'compare-dot',
            cx: x.map(evaluationsSpent(candidate)),
            cy: y.map(candidate.validationScore),
            r: 3,
            fill: color,
          },
          svgTitle(
            `${label}: candidate #${candidate.index}, validation ${formatScore(candidate.validationScore)} after ${formatCount(evaluationsSpent(candidate))} evaluations`,
          ),
        ),
      );
    return svgElement('g', { class: 'compare-run', 'data-run': label }, [
      svgElement(
        'path',
        {
          class: 'compare-line',
          d: stepPath(
            points.map((point) => ({ x: x.map(point.evaluations), y: y.map(point.bestScore) })),
            end,
          ),
          stroke: color,
        },
        svgTitle(
          `${label}: best ${formatScore(data.summary.bestScore)} after ${formatCount(data.summary.evaluationsUsed)} evaluations`,
        ),
      ),
      ...dots,
    ]);
  });
  const legend = runs.map((data, position) =>
    svgElement('g', { transform: `translate(${area.left} ${12 + position * legendRow})` }, [
      svgElement('path', {
        class: 'compare-line',
        d: 'M0 6H26',
        stroke: categoricalColor(position),
      }),
      svgText(
        { class: 'legend-label', x: 34, y: 6, 'dominant-baseline': 'middle' },
        `${runLabel(data)} — ${data.run.benchmark}, ${data.run.variant ?? 'forge'}, best ${formatScore(data.summary.bestScore)}`,
      ),
    ]),
  );
  const body = [
    svgElement('g', { class: 'legend' }, legend),
    renderScoreEvaluationAxes({
      area,
      x,
      y,
      formatScore: formatScoreTick,
      scoreLabel: 'Mean validation score',
    }),
    ...series,
  ].join('');
  return renderChartFigure({
    chart: 'compare-score',
    heading,
    caption,
    content: renderChartSvg({
      id: 'compare-score',
      title: heading,
      description: runs
        .map(
          (data) =>
            `${runLabel(data)}: ${formatScore(data.summary.seedScore)} to ${formatScore(data.summary.bestScore)}`,
        )
        .join('; '),
      width,
      height,
      body,
    }),
  });
}
