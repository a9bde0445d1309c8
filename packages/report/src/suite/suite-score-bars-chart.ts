import { benchmarkLabel, groupScore, methodLabel, type SuiteSpec } from '@forge/suite';
import { type PlotArea, renderLeftAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { categoricalColor } from '../primitives/chart-palette.js';
import { createLinearScale } from '../primitives/linear-scale.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import type { SuiteReportData } from './suite-report-data.js';

const width = 960;
const legendRow = 20;

function chartId(prefix: string, taskModel: string, optimizerModel: string): string {
  return `${prefix}-${`${taskModel}-${optimizerModel}`.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/**
 * Figure 1's shape for one (task model, optimizer model): per benchmark a group of bars, one per
 * method, each the test score (%) of the candidate the method selected on validation, averaged
 * over seeds. A method whose cells are not all done has no bar (and says so on hover).
 */
export function renderSuiteScoreBarsChart(
  data: SuiteReportData,
  taskModel: string,
  optimizerModel: string,
): string {
  const { spec, labels } = data;
  const heading = `Test score by benchmark — task ${taskModel}, optimizer ${optimizerModel}`;
  const caption =
    'One group per benchmark, one bar per method: the test score (%) of the candidate each method selected on validation, the mean over seeds. Hover a bar for the number.';
  const scores = spec.benchmarks.map((benchmark) =>
    spec.methods.map(
      (method) =>
        groupScore(
          data.results.cells,
          { benchmark, method, taskModel, optimizerModel, arm: 'original' },
          spec.seeds,
        ).value,
    ),
  );
  const id = chartId('suite-bars', taskModel, optimizerModel);
  if (scores.flat().every((value) => value === null)) {
    return renderChartFigure({
      chart: 'suite-bars',
      heading,
      caption,
      content: renderEmptyChart('No method has finished all its cells for these models yet.'),
    });
  }
  const legendHeight = Math.ceil(spec.methods.length / 4) * legendRow + 8;
  const area: PlotArea = {
    left: 76,
    top: legendHeight + 20,
    right: 940,
    bottom: legendHeight + 300,
  };
  const height = area.bottom + 64;
  const y = createLinearScale([0, 100], [area.bottom, area.top]);
  const groupWidth = (area.right - area.left) / spec.benchmarks.length;
  const barWidth = Math.min(36, (groupWidth * 0.8) / spec.methods.length);
  const groups = spec.benchmarks.map((benchmark, group) => {
    const start =
      area.left + group * groupWidth + (groupWidth - barWidth * spec.methods.length) / 2;
    const bars = spec.methods.map((method, position) => {
      const value = scores[group]?.[position] ?? null;
      const label = `${benchmarkLabel(labels, benchmark)}, ${methodLabel(labels, method)}`;
      if (value === null) return svgTitle(`${label}: not done`);
      return svgElement(
        'rect',
        {
          class: 'suite-bar',
          x: start + position * barWidth,
          y: y.map(value),
          width: Math.max(1, barWidth - 2),
          height: area.bottom - y.map(value),
          fill: categoricalColor(position),
          'data-benchmark': benchmark,
          'data-method': method,
        },
        svgTitle(`${label}: ${value.toFixed(2)}`),
      );
    });
    return svgElement('g', { class: 'suite-bar-group', 'data-benchmark': benchmark }, [
      ...bars,
      svgText(
        {
          class: 'tick-label',
          x: area.left + group * groupWidth + groupWidth / 2,
          y: area.bottom + 18,
          'text-anchor': 'middle',
        },
        benchmarkLabel(labels, benchmark),
      ),
    ]);
  });
  return renderChartFigure({
    chart: 'suite-bars',
    heading,
    caption,
    content: renderChartSvg({
      id,
      title: heading,
      description: spec.benchmarks
        .map(
          (benchmark, group) =>
            `${benchmarkLabel(labels, benchmark)}: ${spec.methods
              .map((method, position) => {
                const value = scores[group]?.[position] ?? null;
                return `${methodLabel(labels, method)} ${value === null ? 'not done' : value.toFixed(2)}`;
              })
              .join(', ')}`,
        )
        .join('; '),
      width,
      height,
      body: [
        methodLegend(spec, labels, area.left),
        renderLeftAxis({
          area,
          ticks: y.ticks(5),
          position: y.map,
          format: (value) => String(value),
          label: 'Test score (%)',
        }),
        ...groups,
      ].join(''),
    }),
  });
}

/** The methods' colours, four to a row. */
export function methodLegend(
  spec: SuiteSpec,
  labels: SuiteReportData['labels'],
  left: number,
): string {
  return svgElement(
    'g',
    { class: 'legend' },
    spec.methods.map((method, position) =>
      svgElement(
        'g',
        {
          transform: `translate(${left + (position % 4) * 210} ${12 + Math.floor(position / 4) * legendRow})`,
        },
        [
          svgElement('rect', {
            x: 0,
            y: 0,
            width: 12,
            height: 12,
            rx: 2,
            fill: categoricalColor(position),
          }),
          svgText(
            { class: 'legend-label', x: 18, y: 6, 'dominant-baseline': 'middle' },
            methodLabel(labels, method),
          ),
        ],
      ),
    ),
  );
}

export { chartId };
