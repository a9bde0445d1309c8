import { describe, expect, it } from 'vitest';
import { numberOf, readMarks } from '../__fixtures__/read-svg-marks.js';
import { sampleRunReportData } from '../__fixtures__/sample-run-report-data.js';
import type { RunReportData } from '../data/run-report-data.js';
import { renderPlaybookChart } from './playbook-chart.js';

const point = (step: number, bullets: number, helpful: number, harmful: number) => ({
  step,
  evaluationsUsed: 20 + 3 * step,
  bullets,
  tokens: bullets * 10,
  helpful,
  harmful,
});
const withPlaybook = (playbook: RunReportData['playbook']): RunReportData => ({
  ...sampleRunReportData(),
  ...(playbook === undefined ? {} : { playbook }),
});

describe('renderPlaybookChart', () => {
  const chart = renderPlaybookChart(
    withPlaybook([point(0, 1, 0, 0), point(1, 1, 1, 0), point(2, 3, 2, 1), point(3, 2, 2, 1)]),
  );
  const lines = readMarks(chart, 'path', 'series-line').filter((mark) => 'data-series' in mark);

  it('draws the bullets and the helpful and harmful counters as step lines', () => {
    expect(lines.map((mark) => mark['data-series'])).toEqual(['bullets', 'helpful', 'harmful']);
    // A step line: starts after step 1, one horizontal and one vertical move per later step.
    for (const mark of lines) expect((mark['d'] ?? '').match(/H/g)).toHaveLength(3);
    expect(chart).toContain('Bullets in the playbook: 2 after step 4');
    expect(chart).toContain('Harmful tags held by its bullets: 1 after step 4');
  });

  it('marks the steps where the playbook changed size, with tokens and evaluations', () => {
    const dots = readMarks(chart, 'circle', 'series-dot');
    expect(dots).toHaveLength(3);
    // A larger playbook sits higher (smaller y).
    expect(numberOf(dots[1], 'cy')).toBeLessThan(numberOf(dots[0], 'cy'));
    expect(chart).toContain('After step 3: 3 bullets, about 30 tokens; 26 evaluations spent');
  });

  it('says so when no step was recorded', () => {
    expect(renderPlaybookChart(withPlaybook([]))).toContain(
      'No training step has been recorded yet.',
    );
  });
});
