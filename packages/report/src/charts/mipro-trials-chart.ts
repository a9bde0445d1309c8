import type { RunReportData } from '../data/run-report-data.js';
import { type PlotArea, renderBottomAxis, renderLeftAxis } from '../primitives/axis.js';
import { renderChartFigure, renderChartSvg, renderEmptyChart } from '../primitives/chart-figure.js';
import { formatCount, formatScore } from '../primitives/format-value.js';
import { createLinearScale } from '../primitives/linear-scale.js';
import { scoreDomain } from '../primitives/score-domain.js';
import { svgElement, svgText, svgTitle } from '../primitives/svg-element.js';
import { formatScoreTick } from './score-curve-chart.js';

const width = 960;
const height = 360;
const area: PlotArea = { left: 76, top: 48, right: 936, bottom: 300 };

function selectionText(
  selection: Readonly<Record<string, { instruction: number; demoSet: number }>>,
): string {
  return Object.entries(selection)
    .map(
      ([module, choice]) =>
        `${module}: instruction ${choice.instruction}, demo set ${choice.demoSet}`,
    )
    .join('; ');
}

/**
 * MIPROv2's trials: each trial's score (on its minibatch, or on the whole validation set) against
 * the trial number, and each full evaluation's validation score after the trial it followed.
 */
export function renderMiproTrialsChart(data: RunReportData): string {
  const details = data.mipro;
  const caption =
    'Each dot is a trial: the score of the combination TPE chose, on its minibatch (light) or on the ' +
    'whole validation set (dark); a ring is a full validation evaluation of the best-scoring ' +
    'combination so far, drawn after the trial it followed. Hover a mark for its choices.';
  const trials = details?.trials ?? [];
  const full = data.candidates.filter((candidate) => candidate.origin === 'full-evaluation');
  if (trials.length === 0) {
    return renderChartFigure({
      chart: 'mipro-trials',
      heading: 'Trials',
      caption,
      content: renderEmptyChart('No trial has run yet.'),
    });
  }
  const last = Math.max(details?.plan?.trials ?? 0, ...trials.map((trial) => trial.trial));
  const x = createLinearScale([0, Math.max(1, last) + 1], [area.left, area.right]);
  const y = createLinearScale(
    scoreDomain([
      ...trials.map((trial) => trial.score),
      ...full.map((candidate) => candidate.validationScore),
    ]),
    [area.bottom, area.top],
  );
  const dots = trials.map((trial) =>
    svgElement(
      'circle',
      {
        class: trial.scoredOn === 'minibatch' ? 'trial-dot' : 'trial-dot trial-validation',
        cx: x.map(trial.trial),
        cy: y.map(trial.score),
        r: 4.5,
      },
      svgTitle(
        `Trial ${trial.trial}: ${formatScore(trial.score)} (${trial.scoredOn === 'minibatch' ? 'minibatch' : trial.scoredOn === 'reused' ? 'an earlier validation of the same combination' : 'validation'}); ${selectionText(trial.selection)}`,
      ),
    ),
  );
  const rings = full.map((candidate) =>
    svgElement(
      'circle',
      {
        class: candidate.index === data.summary.bestCandidate ? 'full-ring full-best' : 'full-ring',
        cx: x.map((candidate.step ?? 0) + 1),
        cy: y.map(candidate.validationScore),
        r: 7,
      },
      svgTitle(
        `Full evaluation after trial ${(candidate.step ?? 0) + 1}: candidate #${candidate.index}, validation ${formatScore(candidate.validationScore)}`,
      ),
    ),
  );
  const integerTicks = x
    .ticks(Math.min(10, last))
    .filter((tick) => Number.isInteger(tick) && tick >= 1);
  const body = [
    svgText(
      { class: 'legend-label', x: area.left, y: 20 },
      'light: minibatch · dark: whole validation set · ring: full evaluation',
    ),
    renderLeftAxis({
      area,
      ticks: y.ticks(5),
      position: y.map,
      format: formatScoreTick,
      label: 'Score',
    }),
    renderBottomAxis({
      area,
      ticks: integerTicks,
      position: x.map,
      format: formatCount,
      label: 'Trial',
    }),
    svgElement('g', { class: 'dots' }, dots),
    svgElement('g', { class: 'rings' }, rings),
  ].join('');
  return renderChartFigure({
    chart: 'mipro-trials',
    heading: 'Trials',
    caption,
    content: renderChartSvg({
      id: 'mipro-trials',
      title: 'Trial scores',
      description: `${trials.length} trials and ${full.length} full evaluations.`,
      width,
      height,
      body,
    }),
  });
}
