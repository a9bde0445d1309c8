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
    // One curve figure per benchmark, one panel per method in it, one line per finished cell.
    expect(count(html, /data-chart="suite-curves"/g)).toBe(2);
    expect(count(html, /<div class="small-multiple" data-method=/g)).toBe(6);
    expect(count(html, /class="compare-line seed-line suite-curve"/g)).toBe(11);
    // Per method: a mean line, a min–max band when it has two seeds, its seeds' own lines.
    expect(count(html, /<g class="suite-method-curve"/g)).toBe(6);
    expect(count(html, /class="compare-line suite-curve-mean"/g)).toBe(6);
    expect(count(html, /<path class="suite-curve-band"/g)).toBe(5);
    // The row's ceiling (the reference's 400 evaluations) marked in every panel.
    expect(count(html, /<g class="suite-ceiling" data-ceilings="400">/g)).toBe(6);
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

  it('draws Figure 3(b)/(c) over seeds per benchmark, with the numbers as tables', () => {
    const html = renderSuiteReport(sampleSuiteReportData());
    expect(count(html, /data-chart="suite-failure-modes"/g)).toBe(1);
    // Two benchmarks × two windows, one point per mode matched by name across the seeds.
    expect(count(html, /<g class="suite-failure-column"/g)).toBe(4);
    expect(html).toContain(
      'data-benchmark="alpha" data-method="forge" data-window="first" data-seeds="2" data-modes="3"',
    );
    expect(html).toContain(
      'data-benchmark="alpha" data-method="forge" data-window="final" data-seeds="2" data-modes="3"',
    );
    expect(count(html, /<g class="suite-failure-mode"/g)).toBe(12);
    expect(html).toContain(
      'Alpha — Forge (b) — date_order: mean share 55% over 2 seed(s) (seed 0: 60%, 6 failures; seed 1: 50%, 4 failures)',
    );
    expect(html).toContain('(b) before first event');
    expect(html).toContain('(c) before final event');
    // Every mode numbered in the drawing and named whole in the panel's key.
    expect(html).toMatch(
      /<tr data-mode="ordinal_suffix"><td class="number">4<\/td><td class="mode-name">ordinal_suffix<\/td><td class="number">—<\/td><td class="number">57%<\/td><\/tr>/,
    );
    // Modes per seed as mean ± sd (seed 0: 3 and 3, seed 1: 2 and 2), not the 3 names of the union.
    expect(html).toMatch(
      /<tr data-statistic="modes"><th scope="row">Modes<\/th><td class="number" title="[^"]*">2\.5 ± 0\.7<\/td><td class="number" title="[^"]*">2\.5 ± 0\.7<\/td><\/tr>/,
    );
    // Max:min per seed: first 6:1 and 1:1 (mean 3.5), final 2:1 and 3:1 (mean 2.5).
    expect(html).toMatch(
      /<tr data-statistic="ratio"><th scope="row">Max:min share<\/th><td class="number" title="[^"]*">3\.5:1 ± 3\.5<\/td><td class="number" title="[^"]*">2\.5:1 ± 0\.7<\/td>/,
    );
    // The table fallback: mean share and per seed, both windows.
    expect(html).toMatch(
      /<tr><td>ordinal_suffix<\/td><td class="number">—<\/td><td>—<\/td><td class="number">57%<\/td><td>0: 40%, 1: 75%<\/td>/,
    );
  });

  it('gives a method the same colour in every suite, whatever the others', () => {
    const fill = (html: string, method: string) =>
      html.match(new RegExp(`fill="(#[0-9a-f]{6})"[^>]*data-method="${method}"`))?.[1];
    const three = renderSuiteReport(sampleSuiteReportData());
    const other = renderSuiteReport(
      sampleSuiteReportData({ methods: ['gepa', 'ace', 'mipro', 'forge', 'baseline'] }),
    );
    expect(fill(three, 'forge')).toBeDefined();
    expect(fill(other, 'forge')).toBe(fill(three, 'forge'));
    expect(fill(other, 'baseline')).toBe(fill(three, 'baseline'));
    const colours = ['gepa', 'ace', 'mipro', 'forge', 'baseline'].map((method) =>
      fill(other, method),
    );
    expect(new Set(colours).size).toBe(5);
    // The legend above the bars names each method in its colour, as HTML that wraps.
    expect(other).toContain('<li class="legend-item" data-legend-item="ace">');
  });

  it("draws the solve matrix per benchmark with its filters, and each cell's wall time", () => {
    const html = renderSuiteReport(sampleSuiteReportData());
    expect(count(html, /data-solve-matrix="/g)).toBe(2);
    expect(count(html, /<tr data-instance="t-/g)).toBe(20);
    expect(html).toContain('<tr data-instance="t-6" data-view="disagree only-forge">');
    expect(html).toContain('<tr data-instance="t-10" data-view="unsolved">');
    const row = html.match(/<tr data-instance="t-4"[^\n]*?<\/tr>/)?.[0] ?? '';
    expect(row.match(/>\d\/\d</g)).toEqual(['>0/2<', '>1/2<', '>2/2<']);
    expect(html).toContain('<option value="only-forge">solved only by Forge (3)</option>');
    expect(html).toContain('<option value="disagree">methods disagree (6)</option>');
    // Wall time in the cells table (first cell: a minute), its span on hover.
    expect(html).toContain(
      '<td class="number" title="2026-01-01T12:00:00.000Z to 2026-01-01T12:01:00.000Z">1 min 00 s</td>',
    );
    expect(html).toContain('<th scope="col" class="number">Wall time</th>');
  });

  it("says on hover that a resumed cell's wall time leaves the pauses out", () => {
    const data = sampleSuiteReportData();
    const [first] = data.results.cells;
    const details = data.cellDetails?.[first?.id ?? ''];
    if (first === undefined || details?.wallTime === undefined) throw new Error('sample changed');
    const resumed = {
      ...data,
      cellDetails: {
        ...data.cellDetails,
        [first.id]: { ...details, wallTime: { ...details.wallTime, invocations: 3 } },
      },
    };
    expect(renderSuiteReport(resumed)).toContain(
      'title="2026-01-01T12:00:00.000Z to 2026-01-01T12:01:00.000Z; 3 invocations, the pauses between them left out">1 min 00 s</td>',
    );
  });

  it("says so when the cells' databases were not read", () => {
    const html = renderSuiteReport(sampleSuiteReportData({ details: false }));
    expect(html).toContain('run databases were not read, so no per-instance');
    expect(html).toContain('run databases were not read, so their failure modes');
    expect(count(html, /data-solve-matrix="/g)).toBe(0);
  });

  it('ends with what produced the tables, escaped', () => {
    const html = renderSuiteReport({
      ...sampleSuiteReportData(),
      provenance: ['Written by Forge 0.1.0 from suite sample.', hostile],
    });
    expect(html).toContain('<p class="provenance">Written by Forge 0.1.0 from suite sample.</p>');
    expect(html).not.toContain(hostile);
    expect(html).toContain('<p class="provenance">&lt;script&gt;');
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
