import { afterEach, describe, expect, it, vi } from 'vitest';
import { minimalRunReportData } from './__fixtures__/minimal-run-report-data.js';
import { sampleRunReportData } from './__fixtures__/sample-run-report-data.js';
import type { RunReportData } from './data/run-report-data.js';
import { renderRunReport } from './render-run-report.js';

const charts = ['score-curve', 'lineage', 'synthesis-accounting', 'failure-modes', 'cost-by-role'];

function chartsIn(html: string): string[] {
  return [...html.matchAll(/<figure class="chart-figure" data-chart="([^"]+)">/g)].map(
    (match) => match[1] ?? '',
  );
}

function edgeCases(): [string, RunReportData][] {
  const minimal = minimalRunReportData();
  const candidate = minimal.candidates[0]!;
  return [
    ['a lone seed without synthesis or usage', minimal],
    [
      'all scores 0',
      minimalRunReportData({
        candidates: [{ ...candidate, validationScore: 0 }],
        summary: { ...minimal.summary, seedScore: 0, bestScore: 0 },
      }),
    ],
    [
      'all scores 1',
      {
        ...sampleRunReportData({ candidates: 12 }),
        candidates: sampleRunReportData({ candidates: 12 }).candidates.map((entry) => ({
          ...entry,
          validationScore: 1,
        })),
        curve: [],
      },
    ],
    [
      'an empty pool and no data at all',
      minimalRunReportData({ candidates: [], bestPrompts: {}, seedPrompts: {} }),
    ],
    [
      'non-finite numbers everywhere',
      minimalRunReportData({
        candidates: [
          { ...candidate, validationScore: Number.NaN, evaluationsAtDiscovery: Number.NaN },
        ],
        curve: [{ evaluations: Number.NaN, bestScore: Number.POSITIVE_INFINITY }],
        summary: {
          ...minimal.summary,
          seedScore: Number.NaN,
          bestScore: Number.NaN,
          evaluationsUsed: Number.NaN,
          maxEvaluations: Number.POSITIVE_INFINITY,
        },
        usage: [
          {
            role: 'task',
            calls: Number.NaN,
            inputTokens: Number.NaN,
            outputTokens: 1,
            costUsd: Number.NaN,
          },
        ],
        synthesisEvents: [
          {
            event: 1,
            step: 1,
            evaluationsUsed: Number.NaN,
            attempts: Number.NaN,
            admitted: 0,
            outcomes: { admitted: Number.NaN },
            modes: [],
          },
        ],
        failureModeWindows: [
          { label: 'w', event: 1, modes: [{ name: 'm', description: '', failures: Number.NaN }] },
        ],
      }),
    ],
  ];
}

describe('renderRunReport', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes one self-contained page with all five charts', () => {
    const html = renderRunReport(sampleRunReportData());
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(chartsIn(html)).toEqual(charts);
    expect(html.match(/<svg /g)).toHaveLength(5);
    expect(html).toContain('<style>');
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`,
    );
    // Nothing is fetched: no scripts, stylesheets, fonts or images from anywhere.
    expect(html).not.toMatch(/<script|<link rel="stylesheet"|@import|@font-face|\ssrc=|url\((?!#)/);
    expect(html.match(/href="[^"]*"/g)).toEqual(['href="data:,"']);
  });

  it('flags simulated runs prominently and only those', () => {
    expect(renderRunReport(sampleRunReportData())).toContain('class="banner banner-simulated"');
    expect(renderRunReport(minimalRunReportData())).not.toContain(
      'class="banner banner-simulated"',
    );
  });

  it('escapes every user- and model-supplied string', () => {
    const hostile = '<script>alert(1)</script>';
    const base = sampleRunReportData({ bestAnswerPrompt: hostile });
    const data: RunReportData = {
      ...base,
      title: hostile,
      run: { ...base.run, benchmark: hostile, stopReason: hostile, status: 'failed' },
      seedPrompts: { ...base.seedPrompts, [hostile]: hostile },
      failureModeWindows: base.failureModeWindows.map((window) => ({
        ...window,
        modes: window.modes.map((mode) => ({ ...mode, name: hostile, description: hostile })),
      })),
      usage: [{ role: hostile, calls: 1, inputTokens: 1, outputTokens: 1, costUsd: 1 }],
    };
    const html = renderRunReport(data);
    expect(html).not.toContain('<script');
    expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('<pre class="prompt-text">&lt;script&gt;alert(1)&lt;/script&gt;</pre>');
  });

  it('is deterministic and does not read the clock', () => {
    const data = sampleRunReportData();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
    const first = renderRunReport(data);
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    const second = renderRunReport(sampleRunReportData());
    expect(second).toBe(first);
    expect(first).toContain('2026-05-21T10:30:00.000Z');
    expect(first).not.toContain('2031');
  });

  it.each(edgeCases())('renders %s with every figure and no NaN', (_name, data) => {
    const html = renderRunReport(data);
    expect(chartsIn(html)).toEqual(charts);
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it('says so instead of drawing synthesis charts for a run without synthesis', () => {
    const html = renderRunReport(sampleRunReportData({ synthesisEvents: 0 }));
    expect(html.match(/<svg /g)).toHaveLength(3);
    expect(html).toContain('No synthesis event ran, so no failure modes were collected');
  });
});
