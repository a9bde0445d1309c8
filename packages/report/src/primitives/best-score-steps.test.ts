import { describe, expect, it } from 'vitest';
import type { RunReportCandidate } from '../data/run-report-data.js';
import { bestScoreSteps, stepPath } from './best-score-steps.js';

function candidate(index: number, score: number, evaluations: number): RunReportCandidate {
  return {
    index,
    parent: index === 0 ? null : 0,
    module: index === 0 ? null : 'answer',
    step: index === 0 ? null : index,
    validationScore: score,
    evaluationsAtDiscovery: evaluations,
  };
}

describe('bestScoreSteps', () => {
  it('keeps a recorded curve, sorted and without non-finite points', () => {
    const steps = bestScoreSteps(
      [
        { evaluations: 300, bestScore: 0.7 },
        { evaluations: 50, bestScore: 0.5 },
        { evaluations: Number.NaN, bestScore: 0.9 },
      ],
      [],
    );
    expect(steps).toEqual([
      { evaluations: 50, bestScore: 0.5 },
      { evaluations: 300, bestScore: 0.7 },
    ]);
  });

  it('rebuilds the curve from candidates that improved on every earlier one', () => {
    const steps = bestScoreSteps(
      [],
      [
        candidate(0, 0.5, 50),
        candidate(2, 0.65, 200),
        candidate(1, 0.6, 120),
        candidate(3, 0.62, 260),
      ],
    );
    expect(steps).toEqual([
      { evaluations: 50, bestScore: 0.5 },
      { evaluations: 120, bestScore: 0.6 },
      { evaluations: 200, bestScore: 0.65 },
    ]);
  });

  it('returns nothing when there is nothing to draw', () => {
    expect(bestScoreSteps([], [])).toEqual([]);
  });
});

describe('stepPath', () => {
  it('moves horizontally then vertically and extends to the end', () => {
    expect(
      stepPath(
        [
          { x: 10, y: 100 },
          { x: 50, y: 80 },
        ],
        90,
      ),
    ).toBe('M10 100H50V80H90');
  });

  it('draws a single point as a flat line to the end', () => {
    expect(stepPath([{ x: 0, y: 5 }], 40)).toBe('M0 5H40');
    expect(stepPath([], 40)).toBe('');
  });
});
