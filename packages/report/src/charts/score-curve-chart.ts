import type { RunReportCandidate, RunReportData } from '../data/run-report-data.js';
import type { PlotArea } from '../primitives/axis.js';
import { bestScoreSteps, stepPath } from '../primitives/best-score-steps.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { finiteOr } from '../primitives/finite-or.js';
import { formatCount, formatScore } from '../primitives/format-value.js';
import { createLinearScale, niceDomain } from '../primitives/linear-scale.js';
import { scoreDomain } from '../primitives/score-domain.js';
import { renderScoreEvaluationAxes } from '../primitives/score-evaluation-axes.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';

const width = 960;
const height = 400;
const area: PlotArea = { left: 76, top: 48, right: 936, bottom: 340 };

/** Where a candidate sits on the evaluations axis: once its validation pass was paid for. */
export function evaluationsSpent(candidate: RunReportCandidate): number {
  return candidate.evaluationsSpent ?? candidate.evaluationsAtDiscovery;
}

/** A tick label for a score axis: as many decimals as the tick needs, no more. */
export function formatScoreTick(value: number): string {
  return String(Number(value.toFixed(4)));
}

function renderLegend(bestCandidate: number): string {
  const y = 18;
  const items: [string, string][] = [
    [svgElement('path', { class: 'best-line', d: `M0 ${y}H26` }), 'Best validation score so far'],
    [svgElement('circle', { class: 'candidate-dot', cx: 13, cy: y, r: 4.5 }), 'Candidate'],
    [
      svgElement('circle', { class: 'candidate-dot candidate-best', cx: 13, cy: y, r: 6 }),
      `Best candidate (#${bestCandidate})`,
    ],
    [
      svgElement('path', { class: 'synthesis-marker', d: `M13 ${y - 9}V${y + 9}` }),
      'Synthesis event',
    ],
  ];
  let x = area.left;
  const parts: string[] = [];
  for (const [mark, label] of items) {
    parts.push(
      svgElement('g', { transform: `translate(${x} 0)` }, [
        mark,
        svgText({ class: 'legend-label', x: 34, y, 'dominant-baseline': 'middle' }, label),
      ]),
    );
    x += 46 + label.length * 6.6;
  }
  return svgElement('g', { class: 'legend' }, parts);
}

/** A budget up to this multiple of the evaluations spent is drawn on the axis; a larger one is named only. */
const budgetAxisReach = 2;

/** Figure 1: best validation score so far against evaluations spent, with every candidate. */
export function renderScoreCurveChart(data: RunReportData): string {
  const steps = bestScoreSteps(data.curve, data.candidates);
  const candidates = data.candidates
    .map((candidate) => ({ ...candidate, spent: evaluationsSpent(candidate) }))
    .filter(
      (candidate) => Number.isFinite(candidate.validationScore) && Number.isFinite(candidate.spent),
    );
  const caption =
    'The line is the best mean validation score found so far; each dot is a candidate, drawn at ' +
    'the evaluations spent once its validation pass was paid for (where its score became known); ' +
    'dashed lines mark synthesis events. Hover a dot for its details.';
  if (steps.length === 0 && candidates.length === 0) {
    return renderChartFigure({
      chart: 'score-curve',
      heading: 'Validation score against evaluations spent',
      caption,
      content: renderEmptyChart(
        'No candidate has been validated yet, so there is no curve to draw.',
      ),
    });
  }

  const evaluationsUsed = finiteOr(data.summary.evaluationsUsed, 0);
  const events = data.synthesisEvents.filter((event) => Number.isFinite(event.evaluationsUsed));
  const budget = data.summary.maxEvaluations;
  const hasBudget = Number.isFinite(budget) && budget > 0;
  const spentEvaluations = Math.max(
    1,
    evaluationsUsed,
    ...steps.map((point) => point.evaluations),
    ...candidates.map((candidate) => candidate.spent),
    ...events.map((event) => event.evaluationsUsed),
  );
  // The axis runs to the evaluations spent. A budget (a ceiling) near them is drawn and its
  // unspent part shaded; an outer cap far beyond them (Forge's 100,000 for a run that completed
  // at 396) would squeeze the curve into a line at zero, so it is only named under the axis.
  const budgetOnAxis = hasBudget && budget <= spentEvaluations * budgetAxisReach;
  const largestEvaluations = budgetOnAxis ? Math.max(spentEvaluations, budget) : spentEvaluations;
  const x = createLinearScale(
    [0, niceDomain(0, largestEvaluations, 6)[1]],
    [area.left, area.right],
  );
  const y = createLinearScale(
    scoreDomain([
      ...steps.map((point) => point.bestScore),
      ...candidates.map((candidate) => candidate.validationScore),
    ]),
    [area.bottom, area.top],
  );

  const markers = events.map((event) => {
    const markerX = x.map(event.evaluationsUsed);
    const tooltip =
      `Synthesis event ${event.event} after step ${event.step}, at ${formatCount(event.evaluationsUsed)} ` +
      `evaluations: ${formatCount(event.admitted)} of ${formatCount(event.attempts)} attempts admitted`;
    return svgElement('g', { class: 'synthesis-event' }, [
      svgTitle(tooltip),
      svgElement('path', {
        class: 'synthesis-marker',
        d: `M${markerX} ${area.top}V${area.bottom}`,
      }),
      svgElement('path', { class: 'hover-target', d: `M${markerX} ${area.top}V${area.bottom}` }),
      svgText({ class: 'marker-label', x: markerX + 4, y: area.top + 12 }, `S${event.event}`),
    ]);
  });

  const endX = x.map(Math.max(evaluationsUsed, steps.at(-1)?.evaluations ?? 0));
  const line = svgElement('path', {
    class: 'best-line',
    d: stepPath(
      steps.map((point) => ({ x: x.map(point.evaluations), y: y.map(point.bestScore) })),
      endX,
    ),
  });

  const best = data.summary.bestCandidate;
  const ordered = [...candidates].sort(
    (a, b) => Number(a.index === best) - Number(b.index === best) || a.index - b.index,
  );
  const dots = ordered.map((candidate) => {
    const isBest = candidate.index === best;
    const origin =
      candidate.parent === null
        ? 'seed'
        : `parent #${candidate.parent}, module ${candidate.module ?? '?'}, step ${candidate.step ?? '?'}`;
    return svgElement(
      'circle',
      {
        class: isBest ? 'candidate-dot candidate-best' : 'candidate-dot',
        cx: x.map(candidate.spent),
        cy: y.map(candidate.validationScore),
        r: isBest ? 6 : 4.5,
        'data-candidate': candidate.index,
      },
      svgTitle(
        `Candidate #${candidate.index} (${origin}): validation ${formatScore(candidate.validationScore)}, ` +
          `known after ${formatCount(candidate.spent)} evaluations`,
      ),
    );
  });

  const budgetNote = hasBudget
    ? ` (${formatCount(evaluationsUsed)} of ${formatCount(budget)} budget${budgetOnAxis ? '' : '; the axis ends at the evaluations spent'})`
    : '';
  const ceiling = budgetOnAxis
    ? svgElement('g', { class: 'budget-ceiling' }, [
        svgTitle(`Budget ceiling: ${formatCount(budget)} evaluations`),
        svgElement('path', {
          class: 'ceiling-marker',
          d: `M${x.map(budget)} ${area.top}V${area.bottom}`,
        }),
        svgText(
          { class: 'marker-label', x: x.map(budget) - 4, y: area.top + 12, 'text-anchor': 'end' },
          `ceiling ${formatCount(budget)}`,
        ),
      ])
    : '';
  const unspent =
    budgetOnAxis && budget > evaluationsUsed
      ? svgElement('g', { class: 'unspent' }, [
          svgTitle(`${formatCount(budget - evaluationsUsed)} evaluations of the budget not spent`),
          svgElement('rect', {
            class: 'unspent-budget',
            x: x.map(evaluationsUsed),
            y: area.top,
            width: x.map(budget) - x.map(evaluationsUsed),
            height: area.bottom - area.top,
          }),
        ])
      : '';
  const body = [
    unspent,
    ceiling,
    renderLegend(best),
    renderScoreEvaluationAxes({
      area,
      x,
      y,
      formatScore: formatScoreTick,
      scoreLabel: 'Mean validation score',
      evaluationsNote: budgetNote,
    }),
    svgElement('g', { class: 'markers' }, markers),
    line,
    svgElement('g', { class: 'dots' }, dots),
  ].join('');

  return renderChartFigure({
    chart: 'score-curve',
    heading: 'Validation score against evaluations spent',
    caption,
    content: renderChartSvg({
      id: 'score-curve',
      title: 'Validation score against evaluations spent',
      description:
        `Best validation score rose from ${formatScore(data.summary.seedScore)} to ` +
        `${formatScore(data.summary.bestScore)} over ${formatCount(evaluationsUsed)} evaluations, ` +
        `with ${candidates.length} candidates and ${events.length} synthesis events.`,
      width,
      height,
      body,
    }),
  });
}
