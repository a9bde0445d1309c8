import { benchmarkLabel, methodLabel, type SuiteCellResult } from '@forge/suite';
import type { PlotArea } from '../primitives/axis.js';
import { stepPath } from '../primitives/best-score-steps.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { renderChartLegend } from '../primitives/chart-legend.js';
import { escapeHtml } from '../primitives/escape-html.js';
import { formatCount, formatScore } from '../primitives/format-value.js';
import { createLinearScale, type LinearScale, niceDomain } from '../primitives/linear-scale.js';
import { methodColor } from '../primitives/method-color.js';
import { scoreDomain } from '../primitives/score-domain.js';
import { renderScoreEvaluationAxes } from '../primitives/score-evaluation-axes.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import { bandPath, type SeedCurveBand, seedCurveBand } from './seed-curve-band.js';
import { chartId } from './suite-method-legend.js';
import type { SuiteReportData } from './suite-report-data.js';

// One small panel per method, every panel on the same axes: nine methods' bands and seed lines
// on one plot hide each other, nine panels side by side compare at a glance.
const panelWidth = 320;
const panelHeight = 212;
const area: PlotArea = { left: 66, top: 12, right: 308, bottom: 162 };
const ghostColor = '#c3c9d1';
const ceilingColor = '#6b7280';

/**
 * The evaluation ceilings of a benchmark's rows under one model pair: per seed, the ceiling its
 * aligned cells ran under (the reference's completed evaluations, B.4). Distinct values, sorted;
 * empty when no cell of those rows was aligned.
 */
export function rowCeilings(cells: readonly SuiteCellResult[]): number[] {
  return [...new Set(cells.flatMap((cell) => (cell.ceiling === null ? [] : [cell.ceiling])))].sort(
    (a, b) => a - b,
  );
}

interface ArmCurve {
  readonly method: string;
  readonly arm: SuiteCellResult['arm'];
  readonly cells: readonly SuiteCellResult[];
  readonly band: SeedCurveBand;
}

function armCurves(cells: readonly SuiteCellResult[]): ArmCurve[] {
  const groups = new Map<string, SuiteCellResult[]>();
  for (const cell of cells) {
    const key = `${cell.method}\u0000${cell.arm}`;
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  return [...groups.values()].flatMap((group) => {
    const first = group[0] as SuiteCellResult;
    const band = seedCurveBand(
      group.map((cell) => ({
        points: cell.curve,
        end: cell.evaluationsUsed ?? cell.curve.at(-1)?.evaluationsUsed ?? 0,
      })),
    );
    return band === undefined
      ? []
      : [
          {
            method: first.method,
            arm: first.arm,
            cells: [...group].sort((a, b) => a.seed - b.seed),
            band,
          },
        ];
  });
}

function meanPath(band: SeedCurveBand, x: LinearScale, y: LinearScale): string {
  return stepPath(
    band.x.map((at, index) => ({ x: x.map(at), y: y.map(band.mean[index] ?? 0) })),
    x.map(band.end),
  );
}

function ceilingMarks(ceilings: readonly number[], x: LinearScale): string {
  if (ceilings.length === 0) return '';
  const lines = ceilings.map((ceiling) =>
    svgElement(
      'line',
      {
        class: 'ceiling-marker',
        x1: x.map(ceiling),
        x2: x.map(ceiling),
        y1: area.top,
        y2: area.bottom,
      },
      svgTitle(`evaluation ceiling ${formatCount(ceiling)}`),
    ),
  );
  const last = ceilings.at(-1) as number;
  const at = x.map(last);
  // The label sits left of the line, inside the panel (right of it when the line is far left).
  const leftOfLine = at - area.left > 110;
  const text =
    ceilings.length === 1
      ? `ceiling ${formatCount(last)}`
      : `ceilings ${formatCount(ceilings[0] as number)}–${formatCount(last)}`;
  return svgElement('g', { class: 'suite-ceiling', 'data-ceilings': ceilings.join(' ') }, [
    ...lines,
    svgText(
      {
        class: 'ceiling-label',
        x: leftOfLine ? at - 4 : at + 4,
        y: area.top + 10,
        'text-anchor': leftOfLine ? 'end' : 'start',
      },
      text,
    ),
  ]);
}

function panelSummary(curves: readonly ArmCurve[]): string {
  return curves
    .map((curve) => {
      const finals = curve.cells.map((cell) => cell.curve.at(-1)?.bestValidation ?? 0);
      const arm = curve.arm === 'augmented' ? 'augmented: ' : '';
      return `${arm}${formatScore(curve.band.mean.at(-1))} (${formatScore(Math.min(...finals))}–${formatScore(Math.max(...finals))}), ${curve.cells.length} seed${curve.cells.length === 1 ? '' : 's'}`;
    })
    .join(' · ');
}

/**
 * Every method's score-vs-evaluations curve on one benchmark for one (task model, optimizer
 * model), as small multiples: one panel per method, all on the same axes. A panel draws its
 * method's mean over seeds of the best validation score so far against task evaluations spent,
 * in a band from the lowest to the highest seed, each seed's own line thin (hover for its
 * numbers), the augmented arm of the transfer study dashed, every other method's mean in grey
 * behind, and the row's evaluation ceiling (B.4: the reference's completed evaluations, per
 * seed) as a dashed vertical line with its value.
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
    "One panel per method, all on the same axes (best mean validation score so far against task-model evaluations spent): the method's mean over seeds in a band from the lowest to the highest seed, each seed's own line thin (hover for its numbers), its augmented arm dashed, the other methods' means in grey behind, and the row's evaluation ceiling dashed.";
  const methods = [
    ...spec.methods,
    ...(spec.transfer?.methods ?? []).filter((method) => !spec.methods.includes(method)),
  ];
  const rowCells = data.results.cells.filter(
    (cell) =>
      cell.benchmark === benchmark &&
      cell.taskModel === taskModel &&
      cell.optimizerModel === optimizerModel,
  );
  const cells = rowCells.filter((cell) => cell.curve.length > 0);
  if (cells.length === 0) {
    return renderChartFigure({
      chart: 'suite-curves',
      heading,
      caption,
      content: renderEmptyChart('No cell of this benchmark has validated a candidate yet.'),
    });
  }
  const ceilings = rowCeilings(rowCells);
  const largest = Math.max(1, ...cells.map((cell) => cell.evaluationsUsed ?? 0), ...ceilings);
  const x = createLinearScale([0, niceDomain(0, largest, 4)[1]], [area.left, area.right]);
  const y = createLinearScale(
    scoreDomain(cells.flatMap((cell) => cell.curve.map((point) => point.bestValidation))),
    [area.bottom, area.top],
  );
  const curves = armCurves(cells);
  const rank = (method: string) => {
    const index = methods.indexOf(method);
    return index === -1 ? methods.length : index;
  };
  const shown = [...new Set(curves.map((curve) => curve.method))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const seedLine = (cell: SuiteCellResult, color: string) => {
    const last = cell.curve.at(-1);
    const label = `${methodLabel(labels, cell.method)}, seed ${cell.seed}${cell.arm === 'augmented' ? ', augmented data' : ''}`;
    return svgElement(
      'path',
      {
        class: 'compare-line seed-line suite-curve',
        'data-cell': cell.id,
        'data-seed': cell.seed,
        d: stepPath(
          cell.curve.map((point) => ({
            x: x.map(point.evaluationsUsed),
            y: y.map(point.bestValidation),
          })),
          x.map(cell.evaluationsUsed ?? last?.evaluationsUsed ?? 0),
        ),
        stroke: color,
        ...(cell.arm === 'augmented' ? { 'stroke-dasharray': '5 3' } : {}),
      },
      svgTitle(
        `${label}: best validation ${formatScore(last?.bestValidation)} after ${formatCount(cell.evaluationsUsed ?? 0)} evaluations${cell.ceiling === null ? '' : ` (ceiling ${formatCount(cell.ceiling)})`}`,
      ),
    );
  };
  const armCurve = (curve: ArmCurve) => {
    const color = methodColor(curve.method);
    const finals = curve.cells.map((cell) => cell.curve.at(-1)?.bestValidation ?? 0);
    const label = `${methodLabel(labels, curve.method)}${curve.arm === 'augmented' ? ', augmented data' : ''}`;
    return svgElement(
      'g',
      { class: 'suite-method-curve', 'data-method': curve.method, 'data-arm': curve.arm },
      [
        ...(curve.cells.length > 1
          ? [
              svgElement('path', {
                class: 'suite-curve-band',
                d: bandPath(curve.band, x.map, y.map),
                fill: color,
              }),
            ]
          : []),
        ...curve.cells.map((cell) => seedLine(cell, color)),
        svgElement(
          'path',
          {
            class: 'compare-line suite-curve-mean',
            d: meanPath(curve.band, x, y),
            stroke: color,
            ...(curve.arm === 'augmented' ? { 'stroke-dasharray': '6 4' } : {}),
          },
          svgTitle(
            `${label}: mean best validation ${formatScore(curve.band.mean.at(-1))} over ${curve.cells.length} seed(s) (lowest ${formatScore(Math.min(...finals))}, highest ${formatScore(Math.max(...finals))})`,
          ),
        ),
        // Where the mean ends: a curve of one point (the baseline) is a dot, not nothing.
        svgElement('circle', {
          class: 'curve-end',
          cx: x.map(curve.band.end),
          cy: y.map(curve.band.mean.at(-1) ?? 0),
          r: 3,
          fill: color,
        }),
      ],
    );
  };
  const panels = shown.map((method) => {
    const own = curves.filter((curve) => curve.method === method);
    const others = curves.filter((curve) => curve.method !== method && curve.arm === 'original');
    const title = methodLabel(labels, method);
    const svg = renderChartSvg({
      id: `${chartId(`suite-curves-${benchmark}`, taskModel, optimizerModel)}-${method.replace(/[^A-Za-z0-9_-]+/g, '-')}`,
      title: `${benchmarkLabel(labels, benchmark)}, ${title}: validation against evaluations`,
      description: own
        .flatMap((curve) => curve.cells)
        .map(
          (cell) =>
            `seed ${cell.seed}${cell.arm === 'augmented' ? ' (augmented)' : ''}: ${formatScore(cell.bestValidation ?? undefined)} after ${formatCount(cell.evaluationsUsed ?? 0)} evaluations`,
        )
        .join('; '),
      width: panelWidth,
      height: panelHeight,
      body: [
        renderScoreEvaluationAxes({
          area,
          x,
          y,
          evaluationTicks: 4,
          formatScore: (value) => value.toFixed(2),
          scoreLabel: 'Best validation',
          evaluationsLabel: 'Task-model evaluations',
        }),
        svgElement(
          'g',
          { class: 'suite-ghosts', 'aria-hidden': 'true' },
          others.map((curve) =>
            svgElement('path', {
              class: 'ghost-line',
              d: meanPath(curve.band, x, y),
              stroke: ghostColor,
            }),
          ),
        ),
        ceilingMarks(ceilings, x),
        ...own.map(armCurve),
      ].join(''),
    });
    return (
      `<div class="small-multiple" data-method="${escapeHtml(method)}">` +
      `<h4 class="panel-heading">${svgElement('svg', { class: 'legend-key', width: 12, height: 12, viewBox: '0 0 12 12', 'aria-hidden': 'true' }, svgElement('rect', { width: 12, height: 12, rx: 2, fill: methodColor(method) }))}${escapeHtml(title)}</h4>` +
      `<p class="panel-summary">${escapeHtml(panelSummary(own))}</p>${svg}</div>`
    );
  });
  const transfer = curves.some((curve) => curve.arm === 'augmented');
  const legend = renderChartLegend(
    [
      { label: 'mean over seeds', color: '#3d4753', mark: 'line', id: 'mean' },
      { label: 'lowest to highest seed', color: '#3d4753', mark: 'band', id: 'band' },
      ...(transfer
        ? [
            {
              label: 'augmented training data (transfer)',
              color: '#3d4753',
              mark: 'dashed-line' as const,
              id: 'augmented',
            },
          ]
        : []),
      { label: 'other methods (means)', color: ghostColor, mark: 'line', id: 'others' },
      ...(ceilings.length === 0
        ? []
        : [
            {
              label: 'evaluation ceiling (per seed)',
              color: ceilingColor,
              mark: 'ceiling' as const,
              id: 'ceiling',
            },
          ]),
    ],
    'Curve key',
  );
  return renderChartFigure({
    chart: 'suite-curves',
    heading,
    caption,
    legend,
    content: `<div class="small-multiples" data-benchmark="${escapeHtml(benchmark)}">${panels.join('')}</div>`,
  });
}
