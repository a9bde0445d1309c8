import { collectSuiteResults, pendingResult, planSuite, type SuiteCellResult } from '@forge/suite';
import { describe, expect, it } from 'vitest';
import { cellsCsv, csvField } from './suite-export-csv.js';
import { exportCells } from './suite-export-rows.js';

const plan = planSuite({
  benchmarks: ['=cmd|calc'],
  methods: ['forge', 'gepa'],
  taskModels: ['sim:task'],
  optimizerModels: ['sim:optimizer'],
  seeds: [0],
  alignment: { reference: 'forge', controls: [] },
});

describe('exportCells', () => {
  it('passes a cell’s stop and stopped dependencies through, as its result records them', () => {
    const [forge, gepa] = plan.cells;
    if (forge === undefined || gepa === undefined) throw new Error('plan changed');
    const stop = {
      by: 'cost-cap' as const,
      limit: 2,
      at: { evaluations: 119, costUsd: 2.1, optimizerCostUsd: 2 },
    };
    const results = collectSuiteResults({
      plan,
      name: 'suite',
      digest: 'd',
      results: new Map<string, SuiteCellResult>([
        [forge.id, { ...pendingResult(forge, 'cells/a'), status: 'stopped', stop }],
        [gepa.id, { ...pendingResult(gepa, 'cells/b'), stoppedDependencies: [forge.id] }],
      ]),
      runDirOf: () => 'cells/x',
    });
    const cells = exportCells({ results, cellDetails: {} });
    expect(cells.map((cell) => [cell.stop, cell.stoppedDependencies])).toEqual([
      [stop, []],
      [null, [forge.id]],
    ]);
    const [header = '', first = ''] = cellsCsv(cells).split('\n');
    const columns = header.split(',');
    expect(
      columns.slice(columns.indexOf('forgeVersion'), columns.indexOf('forgeVersion') + 4),
    ).toEqual(['forgeVersion', 'simulated', 'stop', 'stoppedDependencies']);
    expect(first).toContain(csvField(JSON.stringify(stop)));
    // A name that a spreadsheet would run as a formula is written as text.
    expect(first.split(',').slice(2, 3)).toEqual(["'=cmd|calc"]);
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('-0.5 apples, "ripe"')).toBe(`"'-0.5 apples, ""ripe"""`);
    expect(csvField(-0.5)).toBe('-0.5');
  });
});
