import { describe, expect, it } from 'vitest';
import { minimalRunReportData } from '../__fixtures__/minimal-run-report-data.js';
import { numberOf, readMarks } from '../__fixtures__/read-svg-marks.js';
import { sampleRunReportData } from '../__fixtures__/sample-run-report-data.js';
import type { RunReportFailureModeWindow } from '../data/run-report-data.js';
import { renderFailureModesChart } from './failure-modes-chart.js';

function window(
  event: number,
  failures: readonly number[],
  names?: readonly string[],
): RunReportFailureModeWindow {
  return {
    label: `Before event ${event}`,
    event,
    modes: failures.map((count, position) => ({
      name: names?.[position] ?? `mode-${position}`,
      description: `description ${position}`,
      failures: count,
    })),
  };
}

describe('renderFailureModesChart', () => {
  it('draws one point per mode in each window with a panel per window', () => {
    const markup = renderFailureModesChart(sampleRunReportData({ synthesisEvents: 2, modes: 8 }));
    expect(readMarks(markup, 'circle', 'mode-point')).toHaveLength(16);
    expect(readMarks(markup, 'rect', 'panel-background')).toHaveLength(2);
    expect(markup).toContain('Before synthesis event 0');
    expect(markup).toContain('Before synthesis event 1');
  });

  it('places shares on a log scale: each factor of ten is the same distance', () => {
    // Shares 0.9, 0.09, 0.009 and 0.001 of 1,000 failures.
    const markup = renderFailureModesChart(
      minimalRunReportData({ failureModeWindows: [window(1, [900, 90, 9, 1])] }),
    );
    const ys = readMarks(markup, 'circle', 'mode-point').map((point) => numberOf(point, 'cy'));
    expect(ys).toHaveLength(4);
    const [first = 0, second = 0, third = 0] = ys;
    expect(second - first).toBeCloseTo(third - second, 1);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  });

  it('makes point area proportional to supporting failures', () => {
    const markup = renderFailureModesChart(
      minimalRunReportData({ failureModeWindows: [window(1, [400, 100]), window(2, [25])] }),
    );
    const radii = readMarks(markup, 'circle', 'mode-point').map((point) => numberOf(point, 'r'));
    const [largest = 0, quarter = 0, sixteenth = 0] = radii;
    expect((quarter / largest) ** 2).toBeCloseTo(0.25, 2);
    expect((sixteenth / largest) ** 2).toBeCloseTo(1 / 16, 2);
  });

  it('orders modes by share from left to right', () => {
    const markup = renderFailureModesChart(
      minimalRunReportData({
        failureModeWindows: [window(1, [5, 50, 20], ['small', 'large', 'middle'])],
      }),
    );
    const names = [...markup.matchAll(/data-mode="([^"]+)"/g)].map((match) => match[1]);
    expect(names).toEqual(['large', 'middle', 'small']);
    const xs = readMarks(markup, 'circle', 'mode-point').map((point) => numberOf(point, 'cx'));
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('names modes on hover and escapes names and descriptions', () => {
    const markup = renderFailureModesChart(
      minimalRunReportData({
        failureModeWindows: [
          {
            label: 'Before <first>',
            event: 1,
            modes: [
              { name: '<img src=x onerror=alert(1)>', description: 'a & b "quoted"', failures: 3 },
            ],
          },
        ],
      }),
    );
    expect(markup).not.toContain('<img');
    expect(markup).toContain(
      '<title>&lt;img src=x onerror=alert(1)&gt;: 3 of 3 failures (100%)\na &amp; b &quot;quoted&quot;</title>',
    );
    expect(markup).toContain('Before &lt;first&gt;');
  });

  it('copes with windows without failures, one mode, and zero-failure modes', () => {
    const markup = renderFailureModesChart(
      minimalRunReportData({ failureModeWindows: [window(1, [0, 0]), window(2, [7, 0])] }),
    );
    expect(markup).toContain('No failures recorded in this window');
    expect(markup).toContain('1 without failures not drawn');
    expect(readMarks(markup, 'circle', 'mode-point')).toHaveLength(1);
    expect(markup).not.toMatch(/NaN|Infinity/);
  });

  it('says so instead of drawing when no synthesis happened', () => {
    const markup = renderFailureModesChart(minimalRunReportData());
    expect(markup).toContain('data-chart="failure-modes"');
    expect(markup).not.toContain('<svg');
    expect(markup).toContain('No synthesis event ran');
  });
});
