import { describe, expect, it } from 'vitest';
import { sampleSuiteReportData } from '../__fixtures__/sample-suite-report-data.js';
import { renderSuiteReport } from './render-suite-report.js';
import { suiteSynthesisRows } from './suite-synthesis-chart.js';

const hostile = '<script>window.forgeInjected = 1</script>';
const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;

describe('renderSuiteReport', () => {
  it('draws bars per benchmark, every curve, the synthesis accounting and links to every cell', () => {
    const data = sampleSuiteReportData();
    const html = renderSuiteReport(data);
    // 2 benchmarks × 3 methods; beta's prompt search has one seed of two: a faded, partial bar.
    expect(count(html, /<rect class="suite-bar"/g)).toBe(6);
    expect(count(html, /data-partial="true"/g)).toBe(1);
    expect(html).toContain(
      'Beta, Prompt search: 55.00 (1 of 2 seeds, partial) — seeds 0: 55.00, 1: not done',
    );
    expect(html).toContain('Alpha, Forge: 74.50 ± 0.71 — seeds 0: 75.00, 1: 74.00');
    // A whisker from the lowest to the highest seed on every complete bar, a dot per seed.
    expect(count(html, /<line class="suite-bar-range"/g)).toBe(5);
    expect(count(html, /<circle class="suite-bar-seed"/g)).toBe(11);
    // One curve figure per benchmark, one line per finished cell.
    expect(count(html, /data-chart="suite-curves"/g)).toBe(2);
    expect(count(html, /<g class="suite-curve"/g)).toBe(11);
    // Per method: a mean line, a min–max band when it has two seeds, its seeds' lines on hover.
    expect(count(html, /<g class="suite-method-curve"/g)).toBe(6);
    expect(count(html, /class="compare-line suite-curve-mean"/g)).toBe(6);
    expect(count(html, /<path class="suite-curve-band"/g)).toBe(5);
    expect(count(html, /<g class="suite-curve-seeds">/g)).toBe(6);
    expect(
      suiteSynthesisRows(data).map((row) => [
        row.benchmark,
        row.method,
        row.attempts,
        row.admitted,
      ]),
    ).toEqual([
      ['alpha', 'forge', 48, 40],
      ['beta', 'forge', 48, 40],
    ]);
    expect(html).toContain('40/48 (83%)');
    expect(count(html, /<a href="cells\//g)).toBe(11);
    expect(html).toContain(
      '<a href="cells/alpha/forge/sim-task/sim-optimizer/seed-0/report.html">',
    );
    // The tables, and the simulated banner.
    expect(html).toContain('data-table="main-sim-task-sim-optimizer"');
    expect(html).toContain('data-table="details-beta"');
    expect(html).toContain('banner-simulated');
    expect(html).toContain('390 / 400');
    // Tokens per cell.
    expect(html).toContain('<td class="number">12,000 / 3,000</td>');
  });

  it('escapes every string and depends only on its data', () => {
    const data = sampleSuiteReportData({ hostileTitle: hostile });
    const html = renderSuiteReport(data);
    expect(html).not.toContain(hostile);
    expect(html).toContain('&lt;script&gt;window.forgeInjected');
    expect(renderSuiteReport(data)).toBe(html);
    expect(html).toContain("default-src 'none'");
  });
});
