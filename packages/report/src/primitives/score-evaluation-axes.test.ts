import { describe, expect, it } from 'vitest';
import { createLinearScale } from './linear-scale.js';
import { renderScoreEvaluationAxes } from './score-evaluation-axes.js';

describe('renderScoreEvaluationAxes', () => {
  const area = { left: 50, top: 10, right: 450, bottom: 210 };
  const x = createLinearScale([0, 300], [area.left, area.right]);
  const y = createLinearScale([0, 1], [area.bottom, area.top]);

  it('labels scores on the left and evaluations along the bottom, with the note', () => {
    const svg = renderScoreEvaluationAxes({
      area,
      x,
      y,
      formatScore: (value) => `${Math.round(value * 100)}%`,
      scoreLabel: 'Mean validation score',
      evaluationsNote: ' (120 of 300 budget)',
    });
    expect(svg).toContain('Mean validation score');
    expect(svg).toContain('Task-model evaluations spent (120 of 300 budget)');
    expect(svg).toContain('>100%<');
    expect(svg).toContain('>300<');
  });

  it('has no note unless one is given', () => {
    const svg = renderScoreEvaluationAxes({
      area,
      x,
      y,
      formatScore: String,
      scoreLabel: 'Score',
    });
    expect(svg).toContain('Task-model evaluations spent<');
  });
});
