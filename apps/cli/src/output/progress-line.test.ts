import { describe, expect, it } from 'vitest';
import { formatProgress, type Progress } from './progress-line.js';

const plain = { cyan: (text: string) => text, dim: (text: string) => text };
const progress: Progress = {
  evaluationsUsed: 153,
  maxEvaluations: 800,
  steps: 12,
  candidates: 4,
  bestScore: 0.625,
  activity: 'synthesis event 0',
};

describe('formatProgress', () => {
  it('fits one row at every width from 8 to 240 columns', () => {
    for (let columns = 8; columns <= 240; columns++) {
      const line = formatProgress(progress, columns, plain);
      expect(line.length, `${columns} columns`).toBeLessThan(columns);
      expect(line).not.toContain('\n');
    }
  });

  it('shows everything when there is room and the essentials when there is not', () => {
    const wide = formatProgress(progress, 200, plain);
    expect(wide).toBe(
      '█████░░░░░░░░░░░░░░░░░░░ 153/800 evaluations · step 12 · 4 candidates · best 62.5% · synthesis event 0',
    );
    expect(formatProgress(progress, 60, plain)).toBe(
      '███░░░░░░░░░░░░░ 153/800 evals · step 12 · best 62.5%',
    );
    expect(formatProgress(progress, 30, plain)).toBe('153/800 · best 62.5%');
    expect(formatProgress(progress, 12, plain)).toBe('153/800 · …');
  });
});
