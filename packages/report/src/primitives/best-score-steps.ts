import type { RunReportCandidate, RunReportCurvePoint } from '../data/run-report-data.js';
import { finiteOr } from './finite-or.js';

/**
 * The best-so-far curve, sorted by evaluations and free of non-finite points. When the run
 * recorded no curve it is rebuilt from the candidates: each one that beat every earlier one
 * (by evaluations at discovery, then index) starts a new step.
 */
export function bestScoreSteps(
  curve: readonly RunReportCurvePoint[],
  candidates: readonly RunReportCandidate[],
): RunReportCurvePoint[] {
  const recorded = curve
    .filter((point) => Number.isFinite(point.evaluations) && Number.isFinite(point.bestScore))
    .map((point, order) => ({ point, order }))
    .sort((a, b) => a.point.evaluations - b.point.evaluations || a.order - b.order)
    .map(({ point }) => ({ evaluations: point.evaluations, bestScore: point.bestScore }));
  if (recorded.length > 0) return recorded;

  const ordered = candidates
    .filter((candidate) => Number.isFinite(candidate.validationScore))
    .slice()
    .sort(
      (a, b) =>
        finiteOr(a.evaluationsSpent ?? a.evaluationsAtDiscovery, 0) -
          finiteOr(b.evaluationsSpent ?? b.evaluationsAtDiscovery, 0) || a.index - b.index,
    );
  const steps: RunReportCurvePoint[] = [];
  for (const candidate of ordered) {
    const previous = steps.at(-1);
    if (previous === undefined || candidate.validationScore > previous.bestScore) {
      steps.push({
        evaluations: finiteOr(candidate.evaluationsSpent ?? candidate.evaluationsAtDiscovery, 0),
        bestScore: candidate.validationScore,
      });
    }
  }
  return steps;
}

/**
 * An SVG path drawing the curve as a step function: flat until the next improvement, then a
 * vertical jump, and flat again up to `endX` (the evaluations spent so far).
 */
export function stepPath(
  points: readonly { readonly x: number; readonly y: number }[],
  endX: number,
): string {
  const first = points[0];
  if (first === undefined) return '';
  const format = (value: number) => String(Math.round(value * 100) / 100);
  let path = `M${format(first.x)} ${format(first.y)}`;
  for (const point of points.slice(1)) path += `H${format(point.x)}V${format(point.y)}`;
  const lastX = points.at(-1)?.x ?? first.x;
  if (endX > lastX) path += `H${format(endX)}`;
  return path;
}
