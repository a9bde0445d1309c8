import { describe, expect, it } from 'vitest';
import { minimalRunReportData } from '../__fixtures__/minimal-run-report-data.js';
import { numberOf, readMarks } from '../__fixtures__/read-svg-marks.js';
import { sampleRunReportData } from '../__fixtures__/sample-run-report-data.js';
import { renderCostByRoleChart } from './cost-by-role-chart.js';

describe('renderCostByRoleChart', () => {
  it('draws a row per role in pipeline order with token and dollar labels', () => {
    const markup = renderCostByRoleChart(sampleRunReportData());
    const roles = [...markup.matchAll(/data-role="([^"]+)"/g)].map((match) => match[1]);
    expect(roles).toEqual(['task', 'reflect', 'assign', 'generate', 'verify']);
    expect(readMarks(markup, 'rect', 'usage-bar')).toHaveLength(15);
    expect(markup).toMatch(/>\$\d+\.\d\d<\/text>/);
    expect(markup).toContain('Total: ');
  });

  it('scales bars to the largest value', () => {
    const markup = renderCostByRoleChart(
      minimalRunReportData({
        usage: [
          { role: 'task', calls: 10, inputTokens: 1000, outputTokens: 0, costUsd: 1 },
          { role: 'reflect', calls: 1, inputTokens: 500, outputTokens: 0, costUsd: 0.25 },
        ],
      }),
    );
    const bars = readMarks(markup, 'rect', 'usage-bar').map((bar) => numberOf(bar, 'width'));
    // [task input, task output, task cost, reflect input, reflect output, reflect cost]
    expect((bars[3] ?? 0) / (bars[0] ?? 1)).toBeCloseTo(0.5, 2);
    expect((bars[5] ?? 0) / (bars[2] ?? 1)).toBeCloseTo(0.25, 2);
  });

  it('draws unpriced usage at zero dollars without NaN', () => {
    const markup = renderCostByRoleChart(
      minimalRunReportData({
        usage: [{ role: 'task', calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 }],
      }),
    );
    expect(markup).toContain('>$0.00</text>');
    expect(markup).not.toMatch(/NaN|Infinity/);
  });

  it('says so instead of drawing when no calls were recorded', () => {
    const markup = renderCostByRoleChart(minimalRunReportData());
    expect(markup).not.toContain('<svg');
    expect(markup).toContain('No model calls were recorded');
  });
});
