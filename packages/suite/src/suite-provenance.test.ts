import { describe, expect, it } from 'vitest';
import { statisticsFixture } from './__fixtures__/cell-results.js';
import { provenanceLines, suiteProvenance } from './suite-provenance.js';

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
});
