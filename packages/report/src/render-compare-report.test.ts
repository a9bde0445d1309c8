import { describe, expect, it } from 'vitest';
import { readMarks } from './__fixtures__/read-svg-marks.js';
import { sampleRunReportData } from './__fixtures__/sample-run-report-data.js';
import type { RunReportData } from './data/run-report-data.js';
import { renderCompareReport } from './render-compare-report.js';

function run(name: string, candidates: number, unpriced = false): RunReportData {
  const data = sampleRunReportData({ candidates, unpriced });
  return { ...data, run: { ...data.run, runDir: `forge-runs/${name}` } };
}

describe('renderCompareReport', () => {
  it('overlays one curve per run, with every candidate, and tabulates the runs', () => {
    const runs = [run('forge-a', 20), run('prompt-search-b', 12), run('forge-c', 8, true)];
    const html = renderCompareReport(runs, '2026-01-01T00:00:00.000Z');
    expect(
      readMarks(html, 'path', 'compare-line').filter((mark) => (mark['d'] ?? '').length > 12),
    ).toHaveLength(3);
    expect(readMarks(html, 'circle', 'compare-dot')).toHaveLength(20 + 12 + 8);
    expect(html.match(/<tr data-run="/g)).toHaveLength(3);
    for (const name of ['forge-a', 'prompt-search-b', 'forge-c']) {
      expect(html).toContain(`<g class="compare-run" data-run="${name}">`);
      expect(html).toContain(`<g class="compare-cost-row" data-run="${name}">`);
    }
    // The run with an unpriced model says so in the table and on its bar.
    expect(html).toMatch(/<tr data-run="forge-c">.*\+ unpriced<\/td><\/tr>/);
    expect(html).toMatch(/data-run="forge-c">.*\+ unpriced<\/text><\/g>/);
    expect(html).toContain('class="banner banner-simulated"');
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it('labels suite cells by their method instead of their shared seed directory', () => {
    const cells = ['forge', 'gepa'].map((method) => {
      const data = sampleRunReportData({ candidates: 3 });
      const runDir = `suite/cells/sim/${method}/sim-task/sim-optimizer/seed-0`;
      return { ...data, run: { ...data.run, runDir, variant: method } };
    });
    const html = renderCompareReport(cells, '2026-01-01T00:00:00.000Z');
    expect(html).toContain('<tr data-run="forge">');
    expect(html).toContain('<g class="compare-run" data-run="gepa">');
    expect(html).not.toContain('data-run="seed-0"');
  });

  it("tabulates each run's own seed, profile and arm", () => {
    const cells = [
      ['gepa', 1, 'paper', 'original'],
      ['mipro', 2, 'reference', 'augmented'],
    ] as const;
    const runs = cells.map(([method, seed, profile, arm]) => {
      const data = sampleRunReportData({ candidates: 3 });
      const id = `sim/${method}/sim-task/sim-optimizer/seed-${seed}`;
      return {
        ...data,
        run: {
          ...data.run,
          runDir: `suite/cells/${id}`,
          variant: method,
          seed,
          profile,
          suiteCell: { id, arm, role: 'aligned' },
        },
      };
    });
    const html = renderCompareReport(runs, '2026-01-01T00:00:00.000Z');
    const header = html.match(
      /<table class="data-table compare-table"><thead><tr>(.*?)<\/tr>/,
    )?.[1];
    const columns = [...(header ?? '').matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    for (const [method, seed, profile, arm] of cells) {
      const row = html.match(new RegExp(`<tr data-run="[^"]*${method}[^"]*">(.*?)</tr>`))?.[1];
      const values = [...(row ?? '').matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
      expect(values[columns.indexOf('Seed')], method).toBe(String(seed));
      expect(values[columns.indexOf('Profile')], method).toBe(profile);
      expect(values[columns.indexOf('Arm')], method).toBe(arm);
    }
  });

  it('says so when no run has a candidate yet', () => {
    const empty = { ...run('empty', 1), candidates: [], curve: [] };
    expect(renderCompareReport([empty], 'now')).toContain('No run has a validated candidate yet.');
  });

  it("tabulates each run's optimizer answers by role, with the unusable share and reasons", () => {
    const gepa: RunReportData = {
      ...run('gepa-a', 3),
      answers: [
        { role: 'reflect', total: 15, unusable: 3, reasons: { truncated: 1, 'no-block': 2 } },
      ],
    };
    const ace: RunReportData = {
      ...run('ace-b', 3),
      answers: [
        { role: 'reflect', total: 60, unusable: 0, reasons: {} },
        { role: 'curate', total: 5, unusable: 4, reasons: { 'invalid-json': 4 } },
      ],
    };
    const old = { ...run('old-c', 3), answers: [] };
    const html = renderCompareReport([gepa, ace, old], '2026-01-01T00:00:00.000Z');
    expect(html).toContain('<h3 id="optimizer-answers">Optimizer answers</h3>');
    expect(html).toMatch(
      /<tr data-run="gepa-a" data-answers-role="reflect">.*?<td class="number">15<\/td><td class="number">3 <span class="muted">\(20%\)<\/span><\/td><td><code>no-block<\/code> 2, <code>truncated<\/code> 1<\/td><\/tr>/,
    );
    expect(html).toMatch(
      /<tr data-run="ace-b" data-answers-role="curate">.*?>4 <span class="muted">\(80%\)<\/span>.*?<code>invalid-json<\/code> 4/,
    );
    expect(html).toMatch(
      /<tr data-run="ace-b" data-answers-role="reflect">.*?<span class="muted">none<\/span>/,
    );
    expect(html).toMatch(/<tr data-run="old-c" data-answers-role="">.*?no answers recorded/);
    expect(html.match(/data-answers-role="/g)).toHaveLength(4);
  });

  it('shows no answers table when no run recorded answers', () => {
    const html = renderCompareReport(
      [
        { ...run('a', 2), answers: [] },
        { ...run('b', 2), answers: [] },
      ],
      'now',
    );
    expect(html).not.toContain('optimizer-answers');
  });
});
