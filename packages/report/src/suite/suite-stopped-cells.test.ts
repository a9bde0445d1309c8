import type { SuiteCellResult } from '@forge/suite';
import { describe, expect, it } from 'vitest';
import { sampleSuiteReportData } from '../__fixtures__/sample-suite-report-data.js';
import { suiteFailureModeGroups } from './suite-failure-mode-shares.js';
import { renderSuiteFailureModesChart } from './suite-failure-modes-chart.js';
import type { SuiteReportData } from './suite-report-data.js';
import { suiteSolveMatrices } from './suite-solve-matrix.js';
import { renderSuiteSolveMatrixSection } from './suite-solve-matrix-section.js';
import { renderSuiteSynthesisChart, suiteSynthesisRows } from './suite-synthesis-chart.js';

const stoppedId = 'alpha/forge/sim-task/sim-optimizer/seed-1';

/** The sample suite with one Forge cell stopped by the optimizer cost cap instead of done. */
function withStoppedCell(): SuiteReportData {
  const data = sampleSuiteReportData();
  const cells = data.results.cells.map(
    (cell): SuiteCellResult =>
      cell.id === stoppedId
        ? {
            ...cell,
            status: 'stopped',
            stop: {
              by: 'cost-cap',
              limit: 0.2,
              at: { evaluations: 119, costUsd: 0.5, optimizerCostUsd: 0.2 },
            },
          }
        : cell,
  );
  return { ...data, results: { ...data.results, cells } };
}

// A cell a cap stopped short has valid partial results: it counts in every view as it does in
// the tables, and each view marks it ‡.
describe("a stopped cell in the suite report's figures", () => {
  it('counts in the solve matrix, its method marked ‡', () => {
    const data = withStoppedCell();
    const [alpha] = suiteSolveMatrices(data);
    expect(alpha?.methods.find((entry) => entry.method === 'forge')).toEqual({
      method: 'forge',
      seeds: [0, 1],
      stoppedSeeds: [1],
    });
    // The same entries as when the cell was done.
    expect(alpha?.rows).toEqual(suiteSolveMatrices(sampleSuiteReportData())[0]?.rows);
    const html = renderSuiteSolveMatrixSection(data);
    expect(html).toContain('>Forge ‡<br><span class="muted">n=2</span></th>');
    expect(html).toContain('‡ a cap stopped these cells short');
    expect(html).toContain('Forge seed 1.</p>');
    expect(renderSuiteSolveMatrixSection(sampleSuiteReportData())).not.toContain('Forge ‡');
  });

  it('counts in Figure 3(b)/(c), its panel marked ‡', () => {
    const data = withStoppedCell();
    const alpha = suiteFailureModeGroups(data).find((group) => group.benchmark === 'alpha');
    expect(alpha?.stoppedSeeds).toEqual([1]);
    expect(alpha?.first.cells.map((cell) => cell.seed)).toEqual([0, 1]);
    expect(alpha?.final.cells.map((cell) => cell.seed)).toEqual([0, 1]);
    const html = renderSuiteFailureModesChart(data, 'sim:task', 'sim:optimizer');
    expect(html).toContain('Alpha — Forge ‡</h4>');
    expect(html).toContain('Alpha — Forge ‡ seed 1.</p>');
    expect(html).not.toContain('Beta — Forge ‡');
  });

  it('counts in the synthesis accounting, its row marked ‡', () => {
    const data = withStoppedCell();
    const alpha = suiteSynthesisRows(data).find((row) => row.benchmark === 'alpha');
    expect(alpha).toMatchObject({ attempts: 48, admitted: 40, stoppedSeeds: [1] });
    const html = renderSuiteSynthesisChart(data);
    expect(html).toContain('>Forge ‡</tspan>');
    expect(html).toContain('(Alpha, Forge: seed 1)');
  });
});
