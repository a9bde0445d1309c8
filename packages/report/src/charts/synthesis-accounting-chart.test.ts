import { describe, expect, it } from 'vitest';
import { minimalRunReportData } from '../__fixtures__/minimal-run-report-data.js';
import { numberOf, readMarks } from '../__fixtures__/read-svg-marks.js';
import { sampleRunReportData } from '../__fixtures__/sample-run-report-data.js';
import type { RunReportSynthesisEvent } from '../data/run-report-data.js';
import { outcomesPresent, renderSynthesisAccountingChart } from './synthesis-accounting-chart.js';

function event(number: number, outcomes: Record<string, number>): RunReportSynthesisEvent {
  const attempts = Object.values(outcomes).reduce((sum, count) => sum + count, 0);
  return {
    event: number,
    step: number * 10,
    evaluationsUsed: number * 100,
    attempts,
    admitted: outcomes['admitted'] ?? 0,
    outcomes,
    modes: [{ name: 'mode <a>', attempts, admitted: outcomes['admitted'] ?? 0 }],
  };
}

describe('outcomesPresent', () => {
  it('lists known outcomes in pipeline order, then unknown ones by name, skipping zeros', () => {
    expect(
      outcomesPresent([
        event(1, { duplicate: 1, admitted: 3, zeta: 1 }),
        event(2, { 'generation-failed': 2, alpha: 1, leaked: 0 }),
      ]),
    ).toEqual(['admitted', 'generation-failed', 'duplicate', 'alpha', 'zeta']);
  });
});

describe('renderSynthesisAccountingChart', () => {
  it('stacks each event by outcome with segment widths proportional to counts', () => {
    const markup = renderSynthesisAccountingChart(
      minimalRunReportData({
        synthesisEvents: [
          event(1, { admitted: 22, 'generation-failed': 2, 'rejected-validity': 6 }),
        ],
      }),
    );
    const segments = readMarks(markup, 'rect', 'outcome-segment');
    expect(segments.map((segment) => segment['data-outcome'])).toEqual([
      'admitted',
      'generation-failed',
      'rejected-validity',
    ]);
    const widths = segments.map((segment) => numberOf(segment, 'width'));
    expect((widths[0] ?? 0) / (widths[1] ?? 1)).toBeCloseTo(11, 1);
    const [first, second] = segments;
    expect(numberOf(second, 'x')).toBeCloseTo(numberOf(first, 'x') + numberOf(first, 'width'), 1);
    expect(markup).toContain('>22/30 (73%)</text>');
    // The legend is HTML above the drawing (it wraps), one entry per outcome present, in order.
    const legend = markup.match(/<ul class="chart-legend"[\s\S]*?<\/ul>/)?.[0] ?? '';
    expect(legend.match(/data-legend-item="([^"]+)"/g)).toEqual([
      'data-legend-item="admitted"',
      'data-legend-item="generation-failed"',
      'data-legend-item="rejected-validity"',
    ]);
    expect(markup.indexOf('<ul class="chart-legend"')).toBeLessThan(markup.indexOf('<svg'));
  });

  it('labels every event of a realistic run and totals them in the caption', () => {
    const data = sampleRunReportData({ synthesisEvents: 2 });
    const markup = renderSynthesisAccountingChart(data);
    expect(readMarks(markup, 'g', 'synthesis-row')).toHaveLength(2);
    expect(markup).toContain('Overall: 75/110 (68%).');
    expect(markup).toContain('Attempts and admissions per failure mode');
  });

  it('escapes unknown outcome and mode names', () => {
    const markup = renderSynthesisAccountingChart(
      minimalRunReportData({ synthesisEvents: [event(1, { admitted: 1, '<weird>': 1 })] }),
    );
    expect(markup).not.toContain('<weird>');
    expect(markup).not.toContain('<a>');
    expect(markup).toContain('&lt;weird&gt;');
    expect(markup).toContain('mode &lt;a&gt;');
  });

  it('draws an event with no attempts without NaN', () => {
    const markup = renderSynthesisAccountingChart(
      minimalRunReportData({ synthesisEvents: [event(1, {})] }),
    );
    expect(markup).toContain('>0/0 (—)</text>');
    expect(markup).not.toMatch(/NaN|Infinity/);
  });

  it('says so instead of drawing when no synthesis happened', () => {
    const markup = renderSynthesisAccountingChart(minimalRunReportData());
    expect(markup).toContain('data-chart="synthesis-accounting"');
    expect(markup).not.toContain('<svg');
  });
});
