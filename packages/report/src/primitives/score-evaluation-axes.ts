import { type PlotArea, renderBottomAxis, renderLeftAxis } from './axis.js';
import { formatCount } from './format-value.js';
import type { LinearScale } from './linear-scale.js';

/** What `renderScoreEvaluationAxes` draws. */
export interface ScoreEvaluationAxesOptions {
  /** The plot area. */
  readonly area: PlotArea;
  /** Task-model evaluations spent, along the bottom. */
  readonly x: LinearScale;
  /** Validation score, along the left. */
  readonly y: LinearScale;
  /** A score tick's label. */
  readonly formatScore: (value: number) => string;
  /** The score axis title. */
  readonly scoreLabel: string;
  /** Added to the evaluations axis title (e.g. a note about the budget). Default none. */
  readonly evaluationsNote?: string;
  /** The evaluations axis title. Default `Task-model evaluations spent`. */
  readonly evaluationsLabel?: string;
  /** About how many evaluation-count ticks (fewer for a small panel). Default 6. */
  readonly evaluationTicks?: number;
}

/**
 * The two axes every score-versus-evaluations chart shares (a run's curve, runs compared, a
 * suite's cells): five score ticks on the left, six evaluation-count ticks along the bottom.
 */
export function renderScoreEvaluationAxes(options: ScoreEvaluationAxesOptions): string {
  const { area, x, y } = options;
  return [
    renderLeftAxis({
      area,
      ticks: y.ticks(5),
      position: y.map,
      format: options.formatScore,
      label: options.scoreLabel,
    }),
    renderBottomAxis({
      area,
      ticks: x.ticks(options.evaluationTicks ?? 6),
      position: x.map,
      format: formatCount,
      label: `${options.evaluationsLabel ?? 'Task-model evaluations spent'}${options.evaluationsNote ?? ''}`,
    }),
  ].join('');
}
