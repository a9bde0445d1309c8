import type { SuiteTable } from '@forge/suite';
import { describe, expect, it } from 'vitest';
import { renderSuiteTable } from './suite-sections.js';

const hostile = '<img src=x onerror=alert(1)>';
const spread = (mean: number, extra: object = {}) => ({
  kind: 'spread' as const,
  mean,
  sd: null,
  n: 1,
  of: 1,
  perSeed: [{ seed: 0, value: mean }],
  ...extra,
});

describe('renderSuiteTable', () => {
  it("shows an entry's 95% interval and p-value under its mean, and the marker when p < 0.05", () => {
    const interval = {
      low: 41.25,
      high: 58.75,
      level: 0.95,
      method: 'bootstrap-seeds-instances' as const,
      draws: 2000,
      seeds: 1,
      instances: 40,
    };
    const table: SuiteTable = {
      id: 'main',
      title: 'Test',
      notes: [],
      columns: [
        { header: 'Benchmark', format: 'text' },
        { header: 'GEPA', format: 'percent' },
        { header: 'ACE', format: 'percent' },
        { header: 'Forge', format: 'percent' },
      ],
      rows: [
        {
          values: [
            'Alpha',
            spread(50, {
              interval,
              comparison: { against: 'forge', pValue: 0.001953125, pairs: 40, method: 'exact' },
            }),
            spread(70, {
              comparison: {
                against: 'forge',
                pValue: 0.5,
                pairs: 40,
                method: 'monte-carlo',
                draws: 10000,
              },
            }),
            spread(75),
          ],
          emphasis: [3],
        },
      ],
    };
    const html = renderSuiteTable(table, { methods: { forge: hostile } });
    const cells = html.match(/<td[^>]*>.*?<\/td>/g) ?? [];
    expect(cells[1]).toContain(
      '50.00<sup class="significance">*</sup><span class="entry-statistics" title="95% confidence interval 41.25 to 58.75: percentile bootstrap (2000 draws) over 1 seed(s) and 40 test instances; paired sign-flip permutation test against &lt;img src=x onerror=alert(1)&gt;: two-sided p = 0.001953 over 40 (seed, test instance) pairs (exact)">[41.25, 58.75]<br><span class="entry-p">p = 0.001953</span></span>',
    );
    // Not significant: no marker, the p-value only, and how it was sampled on hover.
    expect(cells[2]).not.toContain('significance');
    expect(cells[2]).toContain('>p = 0.5000</span>');
    expect(cells[2]).toContain('(10000 random sign assignments)');
    // An entry without statistics is its mean alone, bold when best.
    expect(cells[3]).toBe('<td class="number"><strong>75.00</strong></td>');
    expect(html).not.toContain(hostile);
  });
});
