import { benchmarkLabel, formatSpread, groupScore, methodLabel } from '@forge/suite';
import { type PlotArea, renderLeftAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { createLinearScale } from '../primitives/linear-scale.js';
import { methodColor } from '../primitives/method-color.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import { chartId, renderMethodLegend } from './suite-method-legend.js';
import type { SuiteReportData } from './suite-report-data.js';

const width = 960;

/**
 * Figure 1's shape for one (task model, optimizer model): per benchmark a group of bars, one per
 * method, each the test score (%) of the candidate the method selected on validation: the mean
 * over seeds, a whisker from the lowest to the highest seed, and a dot per seed. A bar over some
 * seeds only is drawn faded and says so on hover; a method with no seed done has no bar.
 */
export function renderSuiteScoreBarsChart(
  data: SuiteReportData,
  taskModel: string,
  optimizerModel: string,
): string {
  const { spec, labels } = data;
  const heading = `Test score by benchmark — task ${taskModel}, optimizer ${optimizerModel}`;
  const caption =
    'One group per benchmark, one bar per method: the test score (%) of the candidate each method selected on validation, the mean over seeds; the whisker runs from the lowest to the highest seed and each dot is one seed. A faded bar is partial (not every seed done). Hover a bar for the numbers.';
  const spreads = spec.benchmarks.map((benchmark) =>
    spec.methods.map(
      (method) =>
        groupScore(
          data.results.cells,
          { benchmark, method, taskModel, optimizerModel, arm: 'original' },
          spec.seeds,
        ).spread,
    ),
  );
  const scores = spreads.map((row) => row.map((spread) => spread?.mean ?? null));
  const id = chartId('suite-bars', taskModel, optimizerModel);
  if (scores.flat().every((value) => value === null)) {
    return renderChartFigure({
      chart: 'suite-bars',
      heading,
      caption,
      content: renderEmptyChart('No method has finished all its cells for these models yet.'),
    });
  }
  const area: PlotArea = { left: 76, top: 16, right: 940, bottom: 296 };
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
      const spread = spreads[group]?.[position] ?? null;
      if (value === null || spread === null) return svgTitle(`${label}: not done`);
      const partial = spread.n < spread.of;
      const x = start + position * barWidth;
      const center = x + Math.max(1, barWidth - 2) / 2;
      const seedValues = spread.perSeed.flatMap((entry) =>
        entry.value === null ? [] : [entry.value],
      );
      const low = Math.min(...seedValues);
      const high = Math.max(...seedValues);
      const title = `${label}: ${formatSpread(spread)}${spread.of > 1 ? ` — seeds ${spread.perSeed.map((entry) => `${entry.seed}: ${entry.value === null ? 'not done' : entry.value.toFixed(2)}`).join(', ')}` : ''}`;
      return svgElement('g', { class: 'suite-bar-mark' }, [
        svgElement(
          'rect',
          {
            class: 'suite-bar',
            x,
            y: y.map(value),
            width: Math.max(1, barWidth - 2),
            height: area.bottom - y.map(value),
            fill: methodColor(method),
            'fill-opacity': partial ? 0.35 : 1,
            'data-benchmark': benchmark,
            'data-method': method,
            'data-n': spread.n,
            ...(partial ? { 'data-partial': 'true' } : {}),
          },
          svgTitle(title),
        ),
        ...(seedValues.length > 1
          ? [
              svgElement('line', {
                class: 'suite-bar-range',
                x1: center,
                x2: center,
                y1: y.map(low),
                y2: y.map(high),
                stroke: 'currentColor',
                'stroke-width': 1.5,
              }),
            ]
          : []),
        ...seedValues.map((seedValue) =>
          svgElement('circle', {
            class: 'suite-bar-seed',
            cx: center,
            cy: y.map(seedValue),
            r: 2.5,
            fill: 'currentColor',
          }),
        ),
      ]);
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
    legend: renderMethodLegend(spec.methods, labels),
    content: renderChartSvg({
      id,
      title: heading,
      description: spec.benchmarks
        .map(
          (benchmark, group) =>
            `${benchmarkLabel(labels, benchmark)}: ${spec.methods
              .map((method, position) => {
                const spread = spreads[group]?.[position] ?? null;
                return `${methodLabel(labels, method)} ${spread === null ? 'not done' : formatSpread(spread)}`;
              })
              .join(', ')}`,
        )
        .join('; '),
      width,
      height,
      body: [
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
