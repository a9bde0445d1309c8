import { createHash } from 'node:crypto';
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

function chartSvgs(html: string): number {
  return html.match(/<svg [^>]*class="chart/g)?.length ?? 0;
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
    expect(chartSvgs(html)).toBe(5);
    expect(html).toContain('<style>');
    // Nothing is fetched: no external scripts, stylesheets, fonts or images from anywhere.
    expect(html).not.toMatch(/<link rel="stylesheet"|@import|@font-face|\ssrc=|url\((?!#)/);
    expect(html.match(/href="[^"#]*"/g)).toEqual(['href="data:,"']);
    // One data block and one script, both inline.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="application/json" id="forge-report-data">',
      '<script>',
    ]);
  });

  it('admits by hash exactly the style and the script it ships, and nothing else', () => {
    const html = renderRunReport(sampleRunReportData());
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(policy.split('; ')).toEqual([
      "default-src 'none'",
      `style-src ${hash(style)}`,
      `script-src ${hash(script)}`,
      'img-src data:',
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    expect(policy).not.toContain('unsafe');
    expect(html).not.toMatch(/\sstyle="/);
    const live = renderRunReport(sampleRunReportData(), {
      live: { versionUrl: '/version', version: '7', intervalMs: 1000 },
    });
    expect(live).toContain("connect-src 'self'");
  });

  it("embeds the explorers' data so that no model text can end the block early", () => {
    const base = sampleRunReportData({ candidates: 4 });
    const hostile = '</script><script>window.forgeInjected = 1</script><!--';
    const first = base.validationInstances[0];
    const data: RunReportData = {
      ...base,
      validationInstances: [{ ...(first as NonNullable<typeof first>), input: { claim: hostile } }],
    };
    const html = renderRunReport(data);
    const block =
      /<script type="application\/json" id="forge-report-data">([\s\S]*?)<\/script>/.exec(
        html,
      )?.[1];
    expect(block).not.toContain('<');
    const parsed = JSON.parse(block ?? '{}') as {
      instances: Record<string, { input: { claim: string } }>;
    };
    expect(parsed.instances[first?.id ?? '']?.input.claim).toBe(hostile);
  });

  it('prints every score rounded, the instance explorer’s included (its data holds them as text)', () => {
    const base = sampleRunReportData({ candidates: 4 });
    const first = base.validationInstances[0];
    const data: RunReportData = {
      ...base,
      validationInstances: [
        { ...(first as NonNullable<typeof first>), scores: [2 / 3, 1 / 3, null, 1] },
      ],
    };
    const html = renderRunReport(data);
    // No score with full float precision anywhere on the page, data block included.
    expect(html).not.toMatch(/0\.6666|0\.3333/);
    const block =
      /<script type="application\/json" id="forge-report-data">([\s\S]*?)<\/script>/.exec(
        html,
      )?.[1];
    const parsed = JSON.parse(block ?? '{}') as {
      instances: Record<string, { scores: (string | null)[] }>;
    };
    expect(parsed.instances[first?.id ?? '']?.scores).toEqual(['0.667', '0.333', null, '1.000']);
  });

  it('draws the explorers: instances, proposals with diffs, prompts, synthetic data', () => {
    const data = sampleRunReportData({ candidates: 20, synthesisEvents: 2 });
    const html = renderRunReport(data);
    for (const id of [
      'summary',
      'search',
      'instances',
      'proposals',
      'prompts',
      'synthesis',
      'synthetic-data',
      'cost',
    ]) {
      expect(html, id).toContain(`id="${id}"`);
      expect(html, id).toContain(`href="#${id}"`);
    }
    expect(html.match(/<tr data-instance=/g)).toHaveLength(data.validationInstances.length);
    expect(html.match(/<button type="button" class="s[01pn]" data-c=/g)).toHaveLength(
      data.validationInstances.length * data.candidates.length,
    );
    expect(html.match(/<details class="proposal" /g)).toHaveLength(data.proposals.length);
    expect(html.match(/<details class="attempt" /g)).toHaveLength(data.synthesisAttempts.length);
    expect(html).toContain('<pre class="prompt-text prompt-diff">');
    expect(html).toMatch(/<ins>/);
  });

  it('warns about roles that broke their contract, and says unpriced instead of $0.00', () => {
    const data = sampleRunReportData({
      unpriced: true,
      warnings: [
        {
          type: 'warning',
          code: 'contract-violations',
          role: 'assign',
          contract: 'one <assignment> block',
          calls: 139,
          noOps: 139,
          rate: 1,
          example: 'I cannot <help>',
          exampleReason: 'missing-block',
          message: '…',
        },
      ],
    });
    const html = renderRunReport(data);
    expect(html).toContain('data-warning-role="assign"');
    expect(html).toContain('139 of 139 answers (100%) did not follow it');
    expect(html).toContain('<code class="example">I cannot &lt;help&gt;</code>');
    expect(html).toContain('Unpriced models.');
    expect(html).toMatch(/>\$[0-9.]+ \+ unpriced<\/text>/);
    expect(html).toContain('no price for sim:optimizer-large');
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
    expect(html).not.toContain('<script>alert');
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
    expect(chartSvgs(html)).toBe(3);
    expect(html).toContain('No synthesis event ran, so no failure modes were collected');
  });
});
