import { describe, expect, it } from 'vitest';
import { statisticsFixture } from './__fixtures__/cell-results.js';
import { provenanceLines, suiteProvenance } from './suite-provenance.js';
import { renderSuiteMarkdown } from './suite-tables.js';

describe('suiteProvenance', () => {
  it('names the Forge that wrote the tables, the ones that ran the cells, the digest and the settings', () => {
    const { results } = statisticsFixture();
    const [first, second, third, ...rest] = results.cells;
    if (first === undefined || second === undefined || third === undefined)
      throw new Error('fixture changed');
    const cells = [
      { ...first, versions: { '@forge/sdk': '0.2.0', '@forge/bench-x': '1.0.0' } },
      { ...second, versions: { '@forge/sdk': '0.1.0' } },
      // A failed cell has no run result to record versions: not counted as lacking them.
      { ...third, status: 'failed' as const },
      ...rest,
    ];
    const provenance = suiteProvenance({
      results: { ...results, cells },
      writtenBy: '0.3.0',
      settings: [
        { name: 'seeds', value: '[0]' },
        { name: 'budget', value: '{"maxEvaluations":100}' },
      ],
      resultsUpTo: '2026-01-02T03:04:05.000Z',
    });
    expect(provenance).toMatchObject({
      writtenBy: '0.3.0',
      suite: { name: 'test', digest: 'd' },
      cellForgeVersions: ['0.1.0', '0.2.0'],
      cellsWithoutVersion: cells.length - 3,
      simulated: true,
    });
    expect(provenanceLines(provenance)).toEqual([
      `Written by Forge 0.3.0 from suite test (config digest d); cells run by Forge 0.1.0, 0.2.0 (${cells.length - 3} cell(s) record none); results up to 2026-01-02T03:04:05.000Z.`,
      'Simulated models: these numbers measure the offline simulator, not real models.',
      'Settings (the whole config is the suite\'s suite.json): seeds [0]; budget {"maxEvaluations":100}.',
    ]);
  });

  it("closes tables.md, a received suite's name shown as text", () => {
    const { results } = statisticsFixture();
    const hostile = {
      ...results,
      suite: { name: '<img src=x onerror=alert(1)>\n# x', digest: 'd' },
    };
    const markdown = renderSuiteMarkdown(
      hostile,
      [],
      suiteProvenance({ results: hostile, writtenBy: '0.1.0', settings: [] }),
    );
    const footer = markdown.split('## How these tables were made\n\n')[1] ?? '';
    expect(footer.split('\n')[0]).toBe(
      'Written by Forge 0.1.0 from suite &lt;img src=x onerror=alert(1)&gt; # x (config digest d); no finished cell records its Forge version.  ',
    );
    expect(markdown).not.toContain('<img');
  });
});
