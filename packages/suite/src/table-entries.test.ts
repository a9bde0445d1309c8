import { describe, expect, it } from 'vitest';
import { smallSpec, statisticsFixture } from './__fixtures__/cell-results.js';
import { suiteTables } from './suite-tables.js';
import { tableEntries } from './table-entries.js';

describe('tableEntries', () => {
  it('gives every spread entry of the tables one tidy row with its statistics', () => {
    const { results, instanceScores, labels } = statisticsFixture();
    const tables = suiteTables({
      results,
      spec: {
        ...smallSpec,
        transfer: { benchmarks: ['alpha'], methods: ['prompt-search'], source: 'forge' },
      },
      labels,
      instanceScores,
    });
    const entries = tableEntries(tables);
    const main = entries.filter((entry) => entry.table === 'main-sim-task-sim-optimizer');
    // 2 benchmarks + Aggregate, × 3 methods.
    expect(main.map((entry) => `${entry.row}|${entry.column}|${entry.mean}`)).toEqual([
      'Alpha|Baseline|50',
      'Alpha|Prompt search|60',
      'Alpha|Forge|75',
      'beta|Baseline|30',
      'beta|Prompt search|45',
      'beta|Forge|40',
      'Aggregate|Baseline|40',
      'Aggregate|Prompt search|52.5',
      'Aggregate|Forge|57.5',
    ]);
    expect(main[0]).toMatchObject({
      n: 1,
      of: 1,
      against: 'forge',
      pValue: 2 / 1024,
      pairs: 40,
      testMethod: 'exact',
      significant: true,
      ciSeeds: 1,
      ciInstances: 40,
    });
    expect(main[2]).toMatchObject({ against: null, pValue: null, significant: false });
    expect(main[0]?.ciLow).toBeLessThan(50);
    // Table 4 names its benchmark once; every entry of it carries it.
    const spread = { kind: 'spread' as const, mean: 1, sd: null, n: 1, of: 1, perSeed: [] };
    const transfer = tableEntries([
      {
        id: 'transfer',
        title: 'Transfer',
        notes: [],
        columns: [
          { header: 'Benchmark', format: 'text' },
          { header: 'Training data', format: 'text' },
          { header: 'GEPA', format: 'percent' },
        ],
        rows: [
          { values: ['Alpha', 'Original', spread] },
          { values: ['', '+ Forge data', spread] },
          { values: ['', 'Δ', '+0.00'] },
        ],
      },
    ]);
    expect(transfer.map((entry) => `${entry.row}|${entry.column}`)).toEqual([
      'Alpha / Original|GEPA',
      'Alpha / + Forge data|GEPA',
    ]);
  });
});
