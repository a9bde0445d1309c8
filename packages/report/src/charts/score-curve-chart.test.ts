import { describe, expect, it } from 'vitest';
import { minimalRunReportData } from '../__fixtures__/minimal-run-report-data.js';
import { numberOf, readMarks } from '../__fixtures__/read-svg-marks.js';
import { sampleRunReportData } from '../__fixtures__/sample-run-report-data.js';
import { formatScoreTick, renderScoreCurveChart } from './score-curve-chart.js';

describe('renderScoreCurveChart', () => {
  it('draws one dot per candidate and one marker per synthesis event', () => {
    const data = sampleRunReportData({ candidates: 40, synthesisEvents: 3 });
    const markup = renderScoreCurveChart(data);
    expect(markup).toContain('data-chart="score-curve"');
    const dots = readMarks(markup, 'circle', 'candidate-dot');
    expect(dots.filter((dot) => dot['data-candidate'] !== undefined)).toHaveLength(40);
    expect(readMarks(markup, 'path', 'hover-target')).toHaveLength(3);
    // Synthesis events are numbered from 0, as in the terminal and the database.
    expect(markup).toContain('>S0</text>');
    expect(markup).toContain('>S2</text>');
    expect(markup).not.toContain('>S3</text>');
  });

  it('puts each candidate where its evaluations were spent: on the jump of the best line', () => {
    const data = minimalRunReportData({
      summary: {
        ...minimalRunReportData().summary,
        bestScore: 0.8,
        bestCandidate: 1,
        evaluationsUsed: 56,
      },
      candidates: [
        {
          index: 0,
          parent: null,
          module: null,
          step: null,
          validationScore: 0.5,
          evaluationsAtDiscovery: 0,
          evaluationsSpent: 20,
        },
        {
          index: 1,
          parent: 0,
          module: 'answer',
          step: 2,
          validationScore: 0.8,
          evaluationsAtDiscovery: 36,
          evaluationsSpent: 56,
        },
      ],
      curve: [
        { evaluations: 20, bestScore: 0.5 },
        { evaluations: 26, bestScore: 0.5 },
        { evaluations: 56, bestScore: 0.8 },
      ],
    });
    const markup = renderScoreCurveChart(data);
    const dots = readMarks(markup, 'circle', 'candidate-dot').filter(
      (dot) => dot['data-candidate'] !== undefined,
    );
    const path =
      readMarks(markup, 'path', 'best-line').find((mark) => (mark['d'] ?? '').includes('V'))?.[
        'd'
      ] ?? '';
    // The line starts at the seed's dot and rises at candidate 1's dot.
    const seed = dots.find((dot) => dot['data-candidate'] === '0');
    const best = dots.find((dot) => dot['data-candidate'] === '1');
    expect(path.startsWith(`M${seed?.['cx']} ${seed?.['cy']}`)).toBe(true);
    expect(path).toContain(`H${best?.['cx']}V${best?.['cy']}`);
    expect(markup).toContain('known after 56 evaluations');
  });

  it('draws the best candidate last, so it sits on top, and larger', () => {
    const data = sampleRunReportData({ candidates: 30 });
    const dots = readMarks(renderScoreCurveChart(data), 'circle', 'candidate-dot').filter(
      (dot) => dot['data-candidate'] !== undefined,
    );
    const last = dots.at(-1);
    expect(last?.['data-candidate']).toBe(String(data.summary.bestCandidate));
    expect(last?.['class']).toContain('candidate-best');
    expect(numberOf(last, 'r')).toBeGreaterThan(numberOf(dots[0], 'r'));
  });

  it('places higher scores higher and later candidates further right', () => {
    const data = minimalRunReportData({
      candidates: [
        {
          index: 0,
          parent: null,
          module: null,
          step: null,
          validationScore: 0.4,
          evaluationsAtDiscovery: 20,
        },
        {
          index: 1,
          parent: 0,
          module: 'answer',
          step: 3,
          validationScore: 0.6,
          evaluationsAtDiscovery: 80,
        },
      ],
    });
    const dots = readMarks(renderScoreCurveChart(data), 'circle', 'candidate-dot');
    const seed = dots.find((dot) => dot['data-candidate'] === '0');
    const child = dots.find((dot) => dot['data-candidate'] === '1');
    expect(numberOf(child, 'cy')).toBeLessThan(numberOf(seed, 'cy'));
    expect(numberOf(child, 'cx')).toBeGreaterThan(numberOf(seed, 'cx'));
  });

  it('rebuilds the step line from candidates when no curve was recorded', () => {
    const markup = renderScoreCurveChart(sampleRunReportData({ candidates: 20 }));
    const recorded = readMarks(markup, 'path', 'best-line').at(-1)?.['d'];
    const rebuilt = readMarks(
      renderScoreCurveChart({ ...sampleRunReportData({ candidates: 20 }), curve: [] }),
      'path',
      'best-line',
    ).at(-1)?.['d'];
    expect(rebuilt).toBe(recorded);
    expect(recorded).toMatch(/^M[\d.]+ [\d.]+(H[\d.]+V[\d.]+)*H[\d.]+$/);
  });

  it('shades the unspent part of a budget near the evaluations spent, and marks the ceiling', () => {
    const data = minimalRunReportData();
    const markup = renderScoreCurveChart({
      ...data,
      summary: { ...data.summary, maxEvaluations: 30 },
    });
    expect(readMarks(markup, 'rect', 'unspent-budget')).toHaveLength(1);
    expect(readMarks(markup, 'path', 'ceiling-marker')).toHaveLength(1);
    expect(markup).toContain('10 evaluations of the budget not spent');
    expect(markup).toContain('ceiling 30');
  });

  it('runs the axis to the evaluations spent, naming an outer cap far beyond them', () => {
    const data = minimalRunReportData();
    const near = renderScoreCurveChart({
      ...data,
      summary: { ...data.summary, maxEvaluations: 30 },
    });
    expect(readMarks(near, 'path', 'ceiling-marker')).toHaveLength(1);
    const far = renderScoreCurveChart({
      ...data,
      summary: { ...data.summary, maxEvaluations: 100_000 },
    });
    expect(readMarks(far, 'rect', 'unspent-budget')).toHaveLength(0);
    expect(readMarks(far, 'path', 'ceiling-marker')).toHaveLength(0);
    expect(far).toContain('of 100,000 budget; the axis ends at the evaluations spent');
    // The last candidate sits near the right edge, not squeezed against zero.
    const dots = readMarks(far, 'circle', 'candidate-dot').map((dot) => numberOf(dot, 'cx'));
    const nearDots = readMarks(near, 'circle', 'candidate-dot').map((dot) => numberOf(dot, 'cx'));
    expect(Math.max(...dots)).toBeGreaterThanOrEqual(Math.max(...nearDots));
    expect(far).not.toContain('>100,000<');
  });

  it('draws degenerate runs without NaN: a lone seed scoring 0 or 1, no budget', () => {
    for (const score of [0, 1]) {
      const markup = renderScoreCurveChart(
        minimalRunReportData({
          candidates: [
            {
              index: 0,
              parent: null,
              module: null,
              step: null,
              validationScore: score,
              evaluationsAtDiscovery: 0,
            },
          ],
          summary: {
            ...minimalRunReportData().summary,
            evaluationsUsed: 0,
            maxEvaluations: Number.POSITIVE_INFINITY,
          },
        }),
      );
      expect(markup).toContain('<svg');
      expect(markup).not.toMatch(/NaN|Infinity/);
    }
  });

  it('says so instead of drawing when nothing was validated', () => {
    const markup = renderScoreCurveChart(minimalRunReportData({ candidates: [], curve: [] }));
    expect(markup).toContain('data-chart="score-curve"');
    expect(markup).not.toContain('<svg');
    expect(markup).toContain('No candidate has been validated yet');
  });

  it('escapes module names in tooltips', () => {
    const data = minimalRunReportData({
      candidates: [
        {
          index: 0,
          parent: null,
          module: null,
          step: null,
          validationScore: 0.4,
          evaluationsAtDiscovery: 20,
        },
        {
          index: 1,
          parent: 0,
          module: '<b>bold</b>',
          step: 1,
          validationScore: 0.5,
          evaluationsAtDiscovery: 40,
        },
      ],
    });
    const markup = renderScoreCurveChart(data);
    expect(markup).toContain('module &lt;b&gt;bold&lt;/b&gt;');
    expect(markup).not.toContain('<b>');
  });
});

describe('formatScoreTick', () => {
  it('writes as many decimals as a tick needs', () => {
    expect(formatScoreTick(0.6)).toBe('0.6');
    expect(formatScoreTick(0.65)).toBe('0.65');
    expect(formatScoreTick(0.30000000000000004)).toBe('0.3');
    expect(formatScoreTick(1)).toBe('1');
  });
});
