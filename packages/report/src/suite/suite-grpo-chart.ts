import {
  benchmarkLabel,
  type GrpoArm,
  type GrpoResults,
  type GrpoRow,
  grpoArms,
  grpoLabel,
  modelPairLabel,
} from '@forge/suite';
import { type PlotArea, renderBottomAxis, renderLeftAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { categoricalColor } from '../primitives/chart-palette.js';
import { formatCount } from '../primitives/format-value.js';
import { createLinearScale, niceDomain } from '../primitives/linear-scale.js';
import { scoreDomain } from '../primitives/score-domain.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import type { SuiteReportData } from './suite-report-data.js';

const width = 960;
const panelWidth = 400;
const armLabels: Readonly<Record<GrpoArm, string>> = {
  train_only: 'original training data',
  train_plus_synthetic: 'augmented with synthesized instances',
};

/** One arm's mean score per step over every run that recorded that step. */
export interface GrpoMeanPoint {
  /** Optimizer step. */
  readonly step: number;
  /** Mean score over the runs with a value at that step, in [0, 1]. */
  readonly mean: number;
  /** Runs the mean is over. */
  readonly runs: number;
}

/** An arm's curve of one split (`validation` or `test`) over rows' runs: the mean at each step. */
export function grpoMeanCurve(
  rows: readonly GrpoRow[],
  arm: GrpoArm,
  split: 'validation' | 'test',
): GrpoMeanPoint[] {
  const sums = new Map<number, { sum: number; runs: number }>();
  for (const row of rows) {
    for (const run of row.arms[arm]) {
      for (const point of run.curve ?? []) {
        const value = point[split];
        if (value === undefined) continue;
        const entry = sums.get(point.step) ?? { sum: 0, runs: 0 };
        sums.set(point.step, { sum: entry.sum + value, runs: entry.runs + 1 });
      }
    }
  }
  return [...sums.entries()]
    .sort(([left], [right]) => left - right)
    .map(([step, { sum, runs }]) => ({ step, mean: sum / runs, runs }));
}

/**
 * Figure 4's shape from a GRPO result file: per transfer benchmark and model pair, validation
 * and test score against training steps for both arms (original data solid, augmented dashed),
 * each the mean over the runs (and rows' seeds) that recorded the step. One figure per benchmark;
 * none without a GRPO file.
 */
export function renderSuiteGrpoCharts(data: SuiteReportData): string {
  const grpo = data.grpo;
  if (grpo === undefined) return '';
  const groups = new Map<string, GrpoRow[]>();
  for (const row of grpo.rows) {
    const key = JSON.stringify([row.benchmark, row.taskModel, row.optimizerModel]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((rows) => grpoFigure(data, grpo, rows)).join('');
}

function grpoFigure(data: SuiteReportData, grpo: GrpoResults, rows: readonly GrpoRow[]): string {
  const first = rows[0] as GrpoRow;
  const name = grpoLabel(grpo);
  const heading = `${benchmarkLabel(data.labels, first.benchmark)}: ${name} validation and test against training steps (${modelPairLabel(first.taskModel, first.optimizerModel)})`;
  const caption = `Weight optimization run outside Forge on the suite's grpo/ files, read from the GRPO result file: each line the mean over ${rows.length} row(s)' runs at each step; solid: original training data, dashed: augmented with the synthesized instances.`;
  const curves = (['validation', 'test'] as const).map((split) =>
    grpoArms.map((arm) => ({ arm, points: grpoMeanCurve(rows, arm, split) })),
  );
  const all = curves.flat().flatMap((curve) => curve.points);
  if (all.length === 0) {
    return renderChartFigure({
      chart: 'suite-grpo',
      heading,
      caption,
      content: renderEmptyChart('The GRPO result file gives no training curve for this benchmark.'),
    });
  }
  const steps = all.map((point) => point.step);
  const x0 = Math.min(...steps);
  const x1 = niceDomain(x0, Math.max(x0 + 1, ...steps), 5)[1];
  const yDomain = scoreDomain(all.map((point) => point.mean));
  const height = 360;
  const panel = (split: 'validation' | 'test', index: number) => {
    const left = 76 + index * (panelWidth + 80);
    const area: PlotArea = { left, top: 44, right: left + panelWidth, bottom: 290 };
    const x = createLinearScale([x0, x1], [area.left, area.right]);
    const y = createLinearScale(yDomain, [area.bottom, area.top]);
    const lines = (curves[index] ?? []).map(({ arm, points }, position) => {
      if (points.length === 0) return '';
      const d = points
        .map(
          (point, order) =>
            `${order === 0 ? 'M' : 'L'}${x.map(point.step).toFixed(1)},${y.map(point.mean).toFixed(1)}`,
        )
        .join(' ');
      const last = points.at(-1) as GrpoMeanPoint;
      return svgElement('g', { class: 'suite-grpo-curve', 'data-arm': arm, 'data-split': split }, [
        svgTitle(
          `${name}, ${armLabels[arm]}: ${split} ${(last.mean * 100).toFixed(1)}% at step ${formatCount(last.step)} (mean of ${last.runs} run(s))`,
        ),
        svgElement('path', {
          class: 'compare-line',
          d,
          stroke: categoricalColor(position),
          ...(arm === 'train_plus_synthetic' ? { 'stroke-dasharray': '6 4' } : {}),
        }),
      ]);
    });
    return [
      svgText(
        { class: 'legend-label', x: area.left, y: area.top - 12 },
        `(${index === 0 ? 'a' : 'b'}) ${split === 'validation' ? 'Validation' : 'Test'}`,
      ),
      renderLeftAxis({
        area,
        ticks: y.ticks(5),
        position: y.map,
        format: (value) => (value * 100).toFixed(0),
        label: 'Score (%)',
      }),
      renderBottomAxis({
        area,
        ticks: x.ticks(5),
        position: x.map,
        format: formatCount,
        label: `${name} step`,
      }),
      ...lines,
    ].join('');
  };
  const legend = grpoArms
    .map((arm, position) =>
      svgElement('g', { transform: `translate(${76 + position * 320} 10)` }, [
        svgElement('line', {
          x1: 0,
          x2: 24,
          y1: 6,
          y2: 6,
          stroke: categoricalColor(position),
          'stroke-width': 2.5,
          ...(arm === 'train_plus_synthetic' ? { 'stroke-dasharray': '6 4' } : {}),
        }),
        svgText(
          { class: 'legend-label', x: 30, y: 6, 'dominant-baseline': 'middle' },
          armLabels[arm],
        ),
      ]),
    )
    .join('');
  return renderChartFigure({
    chart: 'suite-grpo',
    heading,
    caption,
    content: renderChartSvg({
      id: `suite-grpo-${`${first.benchmark}-${first.taskModel}-${first.optimizerModel}`.replace(/[^A-Za-z0-9_-]+/g, '-')}`,
      title: heading,
      description: curves
        .flat()
        .map(({ arm, points }) => `${armLabels[arm]}: ${points.length} step(s)`)
        .join('; '),
      width,
      height: height + 10,
      body: [
        svgElement('g', { class: 'legend' }, legend),
        panel('validation', 0),
        panel('test', 1),
      ].join(''),
    }),
  });
}
